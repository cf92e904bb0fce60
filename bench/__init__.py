"""mjpy benchmark suite (a package only so that its conftest does not shadow tests/conftest)."""
