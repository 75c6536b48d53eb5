"""A table across machines (issue 35): the host holds the game, each joined
seat is sent its own view and the public table, and sends its moves."""
