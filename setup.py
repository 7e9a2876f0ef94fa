"""Packages for setuptools: every package under simlab/, plus data/ as simlab.data.

pyproject.toml holds all the metadata; this file only adds the data folder,
which sits at the top level of the checkout but installs as ``simlab.data``
(see ``[tool.setuptools.package-dir]``), so that a plain ``pip install .``
ships it.
"""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["simlab", "simlab.*"]), "simlab.data"])
