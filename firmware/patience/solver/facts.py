"""Which move generator and canonical key each game's search uses."""


def facts_for(name, strict=False):
    """The solver's ``Facts`` for a game; ``strict`` (Agnes only) plays as quagnes."""
    if name == "agnes":
        from . import agnes_moves
        return agnes_moves.facts(strict)
    if strict:
        raise ValueError("only Agnes has a strict mode")
    if name == "chessboard":
        from .rules import Facts, chessboard_key, chessboard_moves
        return Facts(name, chessboard_moves, chessboard_key)
    from . import stock
    return stock.facts_for(name)
