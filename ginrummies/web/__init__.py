"""Browser play: ``ginrummies serve`` (serve.py) and the page it serves (templates/)."""
