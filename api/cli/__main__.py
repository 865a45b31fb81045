"""`python -m api.cli`: the `deskovka` command."""

import sys

from api.cli import main

sys.exit(main())
