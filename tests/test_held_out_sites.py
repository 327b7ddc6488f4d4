"""The sites whose pages measure the project as held-out pages stay unseen: no knowledge the project
bundles is read from them, and no development page is added from them.

The list is the shared development split's (``real-pages-dev/README.md``, "Sites held out"; read from
``../shared``, never copied). Three development pages from two of those sites were in
``tests/realworld/`` before the list was given; they may stay, and a bundled fact may cite them as a
development page. Until 2026-12-07 the skeletons held laws read from other pages of those sites
(docs/editions.md, "Sources").
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from lawalign_dev.evaluate.protocol import urls_of_readme
from structure_fixtures import SHARED_DEV

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "tests" / "realworld"
SHARED_README = SHARED_DEV / "README.md" if SHARED_DEV is not None else None
# Pages from held-out sites that were in the development set before the list was given.
GRANDFATHERED = frozenset(
    {
        "en-1997-jfrpzbs-law70.txt",
        "pl-1997-jfrpzbs-law41-chapter.txt",
        "sv-1997-bridgefederation-lk314-ruling.txt",
    }
)
URL = re.compile(r"https?://[^\s)\"'`>\]]+")


def _held_out_hosts() -> tuple[str, ...]:
    if SHARED_README is None or not SHARED_README.is_file():
        pytest.skip("the shared development split is not next to this checkout")
    text = SHARED_README.read_text(encoding="utf-8")
    section = text[text.index("## Sites held out") :]
    listed = section.split("may stay).", 1)[1]
    listed = re.sub(r"\([^)]*\)", "", listed)  # "(all of /sedziowie, and jfr.pzbs.pl)": pzbs.pl covers it
    hosts = tuple(h.strip().rstrip(".").lower() for h in listed.replace("\n", " ").split(","))
    assert len(hosts) >= 20 and all(re.fullmatch(r"[a-z0-9.-]+\.[a-z]+", h) for h in hosts), hosts
    return hosts


def _held_out(url: str, hosts: tuple[str, ...]) -> bool:
    host = (urlsplit(url).hostname or "").lower()
    return any(host == h or host.endswith("." + h) for h in hosts)


def _page_urls() -> dict[str, str]:
    return urls_of_readme((REAL / "README.md").read_text(encoding="utf-8"))


def test_the_list_is_read() -> None:
    hosts = _held_out_hosts()
    assert "pzbs.pl" in hosts and "xuexila.com" in hosts
    assert _held_out("https://jfr.pzbs.pl/laws/node9/law70.htm", hosts)
    assert not _held_out("http://thesmolens.com/LawsDupBridge/law53.html", hosts)


def test_no_development_page_is_added_from_a_held_out_site() -> None:
    hosts = _held_out_hosts()
    from_held_out = {name for name, url in _page_urls().items() if _held_out(url, hosts)}
    assert from_held_out <= GRANDFATHERED, sorted(from_held_out - GRANDFATHERED)


def test_bundled_knowledge_cites_no_held_out_page_but_a_development_page() -> None:
    hosts = _held_out_hosts()
    allowed = {url.rstrip(".,;") for name, url in _page_urls().items() if name in GRANDFATHERED}
    cited = []
    for path in sorted((ROOT / "src" / "lawalign" / "data").rglob("*")):
        if path.is_file() and path.suffix in {".toml", ".json", ".md", ".txt"}:
            for url in URL.findall(path.read_text(encoding="utf-8")):
                url = url.rstrip(".,;:")
                if _held_out(url, hosts) and url not in allowed:
                    cited.append(f"{path.relative_to(ROOT)}: {url}")
    assert cited == []
