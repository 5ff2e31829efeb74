"""One module per game engine."""
