"""The Textual app: ``app`` holds the game, ``screens`` has one screen a
file, ``widgets`` the pieces of the table; the rest works out what they
show (``seatview``, ``flow``, ``hinting``, ``handorder``, ``fit``)."""
