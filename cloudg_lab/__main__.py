"""`python -m cloudg_lab`: the `cloudg-lab` command."""

from __future__ import annotations

import sys

from cloudg_lab.cli import main

if __name__ == "__main__":
    sys.exit(main())
