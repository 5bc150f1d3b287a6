"""The HTML replay viewer: `steps` turns a replay into per-step data for one viewpoint, `page`
writes it into a self-contained page (template, CSS and JS are package data)."""
