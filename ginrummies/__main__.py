"""``python -m ginrummies`` is the ``ginrummies`` command."""

from .cli import main

raise SystemExit(main())
