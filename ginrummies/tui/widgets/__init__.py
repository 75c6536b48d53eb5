"""The table's widgets: cards, the hand, the piles, the melds on the table,
the scoreboard, the header and the table area that holds them. They show
what they are given and post messages up; the rules stay in the core."""
