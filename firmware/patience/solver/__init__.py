"""The solver's room: a sound search that decides a position (``search``),
its own compact position and move generators (``position``, ``rules``,
``stock``, ``agnes``, ``moves``, ``talon``), its tables (``tables``), and
the list of deals proved winnable (``winnable``). Nothing here is loaded
until a hint, a new deal or a host tool asks for it; ``patience.core.modules
.forget("patience.solver")`` lets go of all of it again."""
