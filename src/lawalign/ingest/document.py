"""What a paged or styled document (PDF, Word, OpenDocument) yields before normalization.

A :class:`Document` is the text of the file as paragraphs in reading order, each located (page and
line on the page for PDF; paragraph number for Word), the text set aside as located debris (page
furniture, tracked deletions, comments) and notices. ``read_source`` turns it into a
:class:`~lawalign.models.SourceText` whose lines carry the same locations.
"""

from __future__ import annotations

from dataclasses import dataclass

from lawalign.models import DebrisReason, Notice


@dataclass(frozen=True, slots=True)
class Paragraph:
    """One paragraph of text, rejoined across line, column and page breaks, and where it stands.

    ``line``/``line_end`` are 1-based: for PDF the line on its page (counted top to bottom in reading
    order, running header included), for Word the paragraph number in the document body. ``page``
    and ``page_end`` are the 1-based pages of the first and last line (``None`` when the format has
    no pages). ``heading`` is the typesetting's heading signal: set in bold or larger than the body
    text (PDF), or in a heading style or at an outline level (Word).
    """

    text: str
    line: int
    line_end: int
    page: int | None = None
    page_end: int | None = None
    heading: bool = False


@dataclass(frozen=True, slots=True)
class Aside:
    """Text of the file that is not law text, located, with the reason it was set aside."""

    text: str
    line: int
    reason: DebrisReason  # "page-furniture", "tracked-deletion", "comment"
    where: str  # what matched, in words ("running header", "page number", "comment by …")
    page: int | None = None


@dataclass(frozen=True, slots=True)
class Document:
    """Paragraphs in reading order, the debris set aside, notices, and what the file was."""

    paragraphs: tuple[Paragraph, ...]
    removed: tuple[Aside, ...]
    notices: tuple[Notice, ...]
    media_type: str
    encoding: str
