"""Every regular expression the ingest stage uses, each with an example of what it matches."""

from __future__ import annotations

import re

# A valid multi-byte UTF-8 sequence (2, 3 or 4 bytes), e.g. b"\xc4\x90" ("Đ").
# Legacy single-byte text almost never contains these pairs; many of them in bytes that are not valid
# UTF-8 mean a damaged UTF-8 file, not a code page.
UTF8_MULTIBYTE = re.compile(rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}")

# A charset declared in a saved web page or an XML declaration, read from the raw bytes:
#   <meta charset="windows-1251">  /  <meta http-equiv="Content-Type" content="text/html; charset=koi8-r">
#   <?xml version="1.0" encoding="UTF-8"?>
DECLARED_CHARSET = re.compile(
    rb"""<meta[^>]{0,200}?charset\s*=\s*["']?\s*(?P<meta>[A-Za-z0-9._:-]{2,40})
       |<\?xml[^>]{0,200}?encoding\s*=\s*["'](?P<xml>[A-Za-z0-9._:-]{2,40})["']""",
    re.IGNORECASE | re.VERBOSE,
)

# The start of a document that is a web page, whatever its extension:
#   "<!DOCTYPE html ...", "<html lang=...>", "<?xml ...?><!DOCTYPE html PUBLIC ...>", "<head>", "<body>".
# Comments and an XML declaration may come first. A plain text starting with "<*>" does not match.
HTML_START = re.compile(
    r"""\A\ufeff?\s*
        (?:<\?xml[^>]*>\s*)?
        (?:<!--.*?-->\s*)*
        (?:<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])""",
    re.IGNORECASE | re.VERBOSE | re.DOTALL,
)

# An HTML fragment (no <html>): a tag that only markup would contain, e.g. "<p>", "<br />", "<div class=".
HTML_FRAGMENT_TAG = re.compile(r"<(?:p|br|div|span|li|h[1-6]|table|a\s+href)\b[^>]*>", re.IGNORECASE)

# The start of an XML document: "<?xml version="1.0"?>".
XML_START = re.compile(r"\A\ufeff?\s*<\?xml\b", re.IGNORECASE)

# An entity declaration (internal, external or parameter entity), the root of "billion laughs" and
# external-entity tricks: <!ENTITY lol "lol">, <!ENTITY xxe SYSTEM "file:///etc/passwd">, <!ENTITY % p ...>
ENTITY_DECL = re.compile(r"<!ENTITY\b", re.IGNORECASE)

# The first element start tag of a document (after the prolog): "<html", "<akomaNtoso", "<root>".
FIRST_ELEMENT = re.compile(r"<[A-Za-z_][\w:.-]*[\s/>]")

# Class or id tokens of page chrome in saved Blogger/WordPress pages, matched against each token:
#   "comments", "comment-form", "blog-pager", "sidebar", "footer-outer", "post-share-buttons",
#   "sharedaddy", "jp-relatedposts", "navbar", "widget", "blog-feeds", "post-footer".
CHROME_TOKEN = re.compile(
    r"""^(?:
        comments?(?:[-_].*)?|commentlist|respond|reply-form|disqus.*
        |blog-pager.*|pager|pagination|nav-links|post-navigation
        |sidebar.*|widget.*|secondary|column-(?:left|right).*
        |footer.*|post-footer.*|site-footer|colophon
        |header(?:[-_]outer|[-_]inner|[-_]wrapper)?|site-header|masthead|navbar.*|menu.*|breadcrumbs?
        |share.*|sharing.*|sharedaddy|post-share-buttons|social.*|jp-relatedposts|related-posts?
        |blog-feeds|feed-links|post-feeds|subscribe.*|cookie.*|banner|ads?|advert.*
        |skip-link|screen-reader-text|post-labels|post-meta|entry-meta|byline
    )$""",
    re.IGNORECASE | re.VERBOSE,
)

# Class tokens of the post body in saved Blogger/WordPress pages: "post-body", "entry-content".
POST_BODY_TOKEN = re.compile(
    r"^(?:post-body|entry-content|post-content|article-content|entry-body|article-body|td-post-content)$",
    re.IGNORECASE,
)

# Runs of HTML whitespace (space, tab, LF, FF, CR; never NBSP), collapsed to one space as a browser does.
HTML_SPACE = re.compile(r"[ \t\n\f\r]+")
