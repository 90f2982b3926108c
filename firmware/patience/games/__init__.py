"""The games: one module of rules per game, and the registry every other
part derives the list of games from."""
