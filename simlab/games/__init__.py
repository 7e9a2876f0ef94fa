"""The four games. Each lives in its own package and never imports another."""
