"""primitives: see the package modules."""
