"""The tracker's tests: ``test_*.py`` modules, and the helpers they share (``*_helpers.py``
and the test rulesets beside them)."""
