"""tools: see the package modules."""
