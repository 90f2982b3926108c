"""Desktop side of Circuit Patience: the simulator and host tools."""
