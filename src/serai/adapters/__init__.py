"""Our games behind the standard APIs of the field: PettingZoo and OpenSpiel.

Both are optional (``pip install serai[research]``); importing this package needs
neither, importing :mod:`serai.adapters.pettingzoo` or :mod:`serai.adapters.openspiel`
needs its library.
"""
