"""load: see the package modules."""
