"""Host tools: the solver and the autoplayer that steers winning lines with buttons."""
