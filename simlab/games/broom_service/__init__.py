"""Broom Service: secret role choice, brave or cowardly, stealing (issue 7).

The folder reads top-down: components → board → actions → rules →
policies → studies → render.  The game registers as ``broom_service``.
"""
