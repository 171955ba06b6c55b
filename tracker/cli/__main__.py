"""``python -m tracker.cli``: the same as the ``tracker`` command."""

import sys

from tracker.cli import main

sys.exit(main())
