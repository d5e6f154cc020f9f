"""``python -m tablegames.cli``: the same as the ``tablegames`` command."""

import sys

from tablegames.cli import main

sys.exit(main())
