from tobago_solver.cli import main

raise SystemExit(main())
