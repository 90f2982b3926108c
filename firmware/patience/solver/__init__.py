"""The solver's room: a sound search that decides a position (``search``),
its own compact position and move generators (``position``, ``rules``,
``stock``, ``agnes_moves``, ``moves``, ``talon``), its tables (``tables``), and
the list of deals proved winnable (``winnable``). Nothing here is loaded
until a hint, a new deal or a host tool asks for it; ``patience.lifetimes
.let_go("hint")`` lets go of all of it again."""
