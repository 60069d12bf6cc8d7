"""One package per game; each imports only :mod:`serai.engine`."""
