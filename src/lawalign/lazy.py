"""Package attributes imported on first use (PEP 562), so that importing a package for one light
module does not import its heavy siblings (numpy, ftfy, the divergence rules).

A package lists what it offers in ``__all__`` as usual, imports it under ``TYPE_CHECKING`` for type
checkers, and sets ``__getattr__ = lazy_attributes(__name__, {name: submodule})``.

>>> getattr_ = lazy_attributes("lawalign.diff", {"RULES": "rules"})
>>> "cross-reference" in getattr_("RULES")
True
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping


def lazy_attributes(package: str, where: Mapping[str, str]) -> Callable[[str], object]:
    """A module ``__getattr__`` for ``package``: ``name`` is imported from ``package.where[name]``
    on first use and kept in the package's namespace.

    Raises:
        AttributeError: (from the returned function) a name the package does not offer.
    """

    def __getattr__(name: str) -> object:
        sub = where.get(name)
        if sub is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{sub}"), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__


__all__ = ["lazy_attributes"]
