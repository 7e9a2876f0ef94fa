"""``python -m simlab.cli``: the ``simlab`` command (:func:`simlab.cli.main`)."""

import sys

from simlab.cli.command import main

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
