"""Development tooling of lawalign, kept out of the wheel: evaluation against gold data
(:mod:`lawalign_dev.evaluate`), benchmarks (:mod:`lawalign_dev.bench`), the alignment baselines
(:mod:`lawalign_dev.baselines`, :mod:`lawalign_dev.dp`) and the synthetic-variant generator
(:mod:`lawalign_dev.variants`).

It imports the library (``lawalign``); the library never imports it. Scripts (``scripts/*.py``) put
``tools/`` on ``sys.path``; the tests get it from pytest's ``pythonpath`` (pyproject.toml). Data is read
from paths the caller passes in (the scripts set the defaults).
"""
