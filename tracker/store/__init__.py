"""Encounter files: load, validate, append, lock, recover, compact."""
