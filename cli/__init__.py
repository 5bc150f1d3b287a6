"""The `lastlight` command line."""
