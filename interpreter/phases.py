"""Imports every module that registers a build phase, in the order the phases must run."""

from __future__ import annotations
