import sys

from lawalign.cli import main

sys.exit(main())
