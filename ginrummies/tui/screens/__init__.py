"""The app's screens, one a file. Import each from its module: the menu
does not load the table's screen until a game is opened."""
