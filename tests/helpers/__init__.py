"""Helpers that more than one test module shares, one module for each thing they build."""
