"""Hospital Rush: worker placement, stealing, rat out and discharge (issue 8)."""
