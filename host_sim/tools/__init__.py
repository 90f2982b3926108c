"""Host tools: the solver's command line and batch runs (patience-solve), and the
autoplayer that steers winning lines with buttons."""
