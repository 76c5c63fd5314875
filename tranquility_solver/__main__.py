"""``python -m tranquility_solver`` runs the command line."""

from .cli import main

raise SystemExit(main())
