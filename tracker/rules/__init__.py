"""Rulesets: one module plus one TOML data file each."""
