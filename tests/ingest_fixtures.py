"""Fixtures of the ingest tests: seed texts, re-encodings, and a saved-Blogger-page generator."""

from __future__ import annotations

import html
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEEDS = {
    "vi": ROOT / "corpus" / "raw" / "000_e6edf3a6b624c89e.txt",
    "ru": ROOT / "corpus" / "raw" / "002_1323563bdd032735.txt",
    "tr": ROOT / "corpus" / "raw" / "003_e30df247acf19ab2.txt",
}

# Legacy code pages each seed is re-encoded into.
LEGACY = {"vi": ("cp1258",), "ru": ("cp1251", "koi8-r"), "tr": ("cp1254",)}

_VI_TONES = "\u0300\u0301\u0303\u0309\u0323"  # grave, acute, tilde, hook above, dot below


def seed_text(lang: str) -> str:
    """The seed of ``lang`` as published (UTF-8, NFC)."""
    return SEEDS[lang].read_text(encoding="utf-8")


def seed_lines(lang: str) -> list[str]:
    """The seed's lines as the plain-text reader gives them."""
    return seed_text(lang).splitlines()


def to_cp1258_form(text: str) -> str:
    """Vietnamese as Windows-1258 writes it: base letters precomposed, tone marks combining."""
    out = []
    for ch in text:
        try:
            ch.encode("cp1258")
        except UnicodeEncodeError:
            decomposed = unicodedata.normalize("NFD", ch)
            tones = "".join(m for m in decomposed[1:] if m in _VI_TONES)
            rest = "".join(m for m in decomposed[1:] if m not in _VI_TONES)
            ch = unicodedata.normalize("NFC", decomposed[0] + rest) + tones
        out.append(ch)
    return "".join(out)


def encode_as(text: str, encoding: str) -> bytes:
    """``text`` in ``encoding`` (cp1258 through its decomposed form)."""
    if encoding == "cp1258":
        text = to_cp1258_form(text)
    return text.encode(encoding)


_SCRIPTS = """<script type="text/javascript">
  window['__wavt'] = 'AOuZoY5'; var x = "<p>not text</p>";
</script>
<script>(function(){ var s = document.createElement('script'); })();</script>"""

_STYLE = """<style type="text/css">
body { font: normal normal 13px Arial; } .post-body p { margin: 0 }
</style>"""

_CHROME = {
    "vi": ("Không có nhận xét nào:", "Đăng nhận xét", "Bài đăng Mới hơn", "Trang chủ"),
    "ru": ("Нет комментариев:", "Оставить комментарий", "Следующее", "Главная страница"),
    "tr": ("Hiç yorum yok:", "Yorum Gönder", "Yeni Kayıt", "Ana Sayfa"),
}


def blogger_page(lines: list[str], lang: str, *, style: str = "br", charset: str = "UTF-8") -> str:
    """A saved Blogger post page carrying ``lines`` as its post body.

    ``style="br"`` writes each line followed by ``<br />`` (blank lines too), the way Blogger's editor
    saves pasted text; ``style="p"`` writes one ``<p>`` per non-blank line.
    """
    none, post, newer, home = _CHROME.get(lang, _CHROME["tr"])
    if style == "br":
        body = "\n".join(f"{html.escape(ln, quote=False)}<br />" for ln in lines)
    else:
        body = "\n".join(f"<p>{html.escape(ln, quote=False)}</p>" for ln in lines if ln.strip())
    return f"""<!DOCTYPE html>
<html class='v2' dir='ltr' lang='{lang}' xmlns='http://www.w3.org/1999/xhtml'>
<head>
<meta content='text/html; charset={charset}' http-equiv='Content-Type'/>
<meta content='width=1100' name='viewport'/>
<title>Bridge &amp; WBF: Laws 68-70</title>
{_STYLE}
{_SCRIPTS}
</head>
<body class='loading'>
<div class='navbar section' id='navbar'><div class='widget Navbar'>Blogger &#8212; {home}</div></div>
<div class='header-outer'><header><h1 class='title'>Bridge &amp; Laws</h1>
<p class='description'>WBF 2007</p></header></div>
<nav class='tabs'><ul><li><a href='/'>{home}</a></li><li><a href='/p/about.html'>About</a></li></ul></nav>
<div class='main-outer'><div class='main-inner'>
<div class='date-outer'><h2 class='date-header'><span>Monday, 3 March 2008</span></h2>
<div class='post hentry uncustomized-post-template' itemprop='blogPost'>
<a name='4242'></a>
<h3 class='post-title entry-title' itemprop='name'>Laws 68&#8211;70</h3>
<div class='post-header'><div class='post-header-line-1'></div></div>
<div class='post-body entry-content' id='post-body-4242' itemprop='description articleBody'>
{body}
<div style='clear: both;'></div>
</div>
<div class='post-footer'><div class='post-footer-line post-footer-line-1'>
<span class='post-author vcard'>Posted by <span class='fn'>admin</span></span>
<span class='post-comment-link'><a class='comment-link' href='#comments'>{none}</a></span>
<div class='post-share-buttons goog-inline-block'><a class='share-button sb-email' href='#'>
<span class='share-button-link-text'>Email This</span></a></div>
</div></div>
</div>
<div class='comments' id='comments'>
<a name='comments'></a>
<h4>{none}</h4>
<div id='Blog1_comments-block-wrapper'><dl class='avatar-comment-indent' id='comments-block'></dl></div>
<p class='comment-footer'><a href='https://www.blogger.com/comment.g?blogID=1' onclick=''>{post}</a></p>
</div>
</div>
<div class='blog-pager' id='blog-pager'>
<span id='blog-pager-newer-link'><a class='blog-pager-newer-link' href='#'>{newer}</a></span>
<a class='home-link' href='/'>{home}</a>
</div>
<div class='blog-feeds'><div class='feed-links'>Subscribe to:
<a class='feed-link' href='#'>Post Comments (Atom)</a></div></div>
</div></div>
<aside class='sidebar-container'><div class='sidebar section' id='sidebar-right-1'>
<div class='widget BlogArchive'><h2>Archive</h2><ul><li>2008 (3)</li></ul></div></div></aside>
<footer><div class='footer-outer'>Theme images by <a href='#'>Michael Elkan</a>.
Powered by <a href='https://www.blogger.com'>Blogger</a>.</div></footer>
<noscript><p>Please enable JavaScript</p></noscript>
<script type='text/javascript'>window.___gcfg = {{'lang': '{lang}'}};</script>
</body>
</html>
"""
