"""What every exporter shares: options, the registry entry, atomic writing, and the row/cell model.

An exporter is a module with ``render(corpus, options) -> bytes``; :data:`lawalign.export.FORMATS`
maps format names to :class:`ExportFormat` entries. Rendering to bytes first and then writing through
:func:`write_atomic` (a temporary file in the target folder, then ``os.replace``) means a failed or
interrupted export never leaves a half-written file behind.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from lawalign.errors import ConfigError
from lawalign.output import write_atomic

if TYPE_CHECKING:
    from lawalign.models import Edition, Unit
    from lawalign.query import Corpus

ALL_LANGS = "*all*"
"""TMX's "any language" ``srclang`` (no longer written: exports name a real source language)."""

TOOL = "lawalign"


def tool_version() -> str:
    """The lawalign version written into exported headers."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("lawalign")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "0"


@dataclass(frozen=True, slots=True)
class ExportOptions:
    """Choices an exporter may honour.

    ``src``/``tgt`` pick the language pair of bilingual formats (XLIFF); ``src`` also sets the TMX
    source language. ``langs`` restricts multilingual formats to some languages. ``level`` makes TMX
    and XLIFF segments sentences (from the alignment) or whole clauses; ``include_unaligned`` keeps
    TMX units that hold a single language; ``xliff_version`` is ``2.0`` or ``1.2``; ``review_on`` is the
    least severe finding that marks an XLIFF unit for review (``info``: every finding; ``warning``,
    ``error``, ``none``).
    """

    src: str | None = None
    tgt: str | None = None
    langs: tuple[str, ...] | None = None
    level: str = "sentence"
    include_unaligned: bool = False
    xliff_version: str = "2.0"
    review_on: str = "info"


@dataclass(frozen=True, slots=True)
class ExportFormat:
    """A registered export format."""

    name: str
    suffix: str  # file suffix, with its dot
    binary: bool  # True: cannot be written to a terminal/stdout as text
    media_type: str
    render: Callable[[Corpus, ExportOptions], bytes]
    description: str = ""


def write_output(dest: str | Path, data: bytes, *, binary: bool) -> None:
    """Write to a file atomically, or to stdout when ``dest`` is ``-`` (text formats only).

    Args:
        dest: A path, or ``-``.
        data: The rendered bytes.
        binary: Whether the format is binary (refused on stdout).

    Raises:
        ConfigError: A binary format asked to go to stdout.
    """
    if str(dest) == "-":
        if binary:
            raise ConfigError("a binary format cannot be written to stdout; give a file with -o")
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    target = Path(dest)
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():  # an export names one file: a mistyped folder is an error, not created
        raise ConfigError(f"{target}: folder {folder} does not exist")
    write_atomic(target, data)


def source_language(corpus: Corpus, src: str | None) -> str:
    """The source language of an export: ``src``, else the authoritative edition's, else the first edition's.

    Raises:
        ConfigError: ``src`` names a language the corpus lacks.
    """
    if src:
        if src not in corpus.langs:
            raise ConfigError(f"--src {src!r}: no such edition; the corpus has: {', '.join(corpus.langs)}")
        return src
    authoritative = corpus.authoritative
    return authoritative.lang if authoritative is not None else corpus.editions[0].lang


def pick_editions(corpus: Corpus, langs: tuple[str, ...] | None) -> list[Edition]:
    """One edition per language (the first of each), optionally only ``langs``, in corpus order.

    Raises:
        ConfigError: A language of ``langs`` has no edition.
    """
    chosen: dict[str, Edition] = {}
    for edition in corpus.editions:
        chosen.setdefault(edition.lang, edition)
    if langs is not None:
        unknown = [lang for lang in langs if lang not in chosen]
        if unknown:
            raise ConfigError(f"no edition in {', '.join(unknown)}; the corpus has: {', '.join(chosen)}")
        return [chosen[lang] for lang in chosen if lang in langs]
    return list(chosen.values())


def repeat_key(unit_id: str, n: int) -> str:
    """The row key of the ``n``-th unit (1-based) sharing ``unit_id`` in one edition.

    The first keeps the id; later ones get ``_2``, ``_3`` (the suffix AKN eIds use for repeats), which
    no canonical id contains, so row keys stay unique (TMX ``tuid``, XLIFF ``unit/@id``, HTML ``id``).

    >>> repeat_key("68.title", 1), repeat_key("68.title", 2)
    ('68.title', '68.title_2')
    """
    return unit_id if n == 1 else f"{unit_id}_{n}"


def unit_table(corpus: Corpus, editions: list[Edition]) -> list[tuple[str, dict[str, Unit]]]:
    """Rows of law units by id, in reference order: (key, lang → unit) for every id some edition has.

    An edition may hold two units with one id (a long printed heading split in two): each gets its
    own row, keyed by :func:`repeat_key` (``68.title``, ``68.title_2``), so no unit is dropped.

    Args:
        corpus: The corpus (gives the reference order).
        editions: The editions to include (one per language).

    Returns:
        The rows; a language that lacks an id is absent from that row's dict.
    """
    by_lang: dict[str, dict[str, list[Unit]]] = {}
    for e in editions:
        units: dict[str, list[Unit]] = {}
        for u in e.law_units:
            units.setdefault(u.id, []).append(u)
        by_lang[e.lang] = units
    rows: list[tuple[str, dict[str, Unit]]] = []
    for unit_id in corpus.ids():
        repeats = max((len(units.get(unit_id, ())) for units in by_lang.values()), default=0)
        for n in range(repeats):
            cells = {
                lang: units[unit_id][n] for lang, units in by_lang.items() if len(units.get(unit_id, ())) > n
            }
            rows.append((repeat_key(unit_id, n + 1), cells))
    return rows
