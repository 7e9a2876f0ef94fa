"""Tests of Broom Service (issue 7)."""
