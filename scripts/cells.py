#!/usr/bin/env python3
"""Make aha's HTML draw like a terminal: every non-ASCII character sits in a
cell of fixed width (two for East Asian wide characters), in left-to-right
order, as a terminal without bidi shows it. Without this a browser lays out
Arabic and Hebrew right-to-left and with proportional fallback glyphs, so
columns after them drift. Reads HTML on stdin, writes it on stdout."""
import html
import re
import sys
import unicodedata

TAG = re.compile(r"(<[^>]*>)")


def cell(text):
    out = []
    for ch in text:
        if ord(ch) < 0x80:
            out.append(html.escape(ch, quote=False))
            continue
        if unicodedata.category(ch) in ("Mn", "Me") and out:
            # a combining mark joins the previous cell
            if out[-1].endswith("</span>"):
                out[-1] = out[-1][: -len("</span>")] + html.escape(ch) + "</span>"
                continue
        wide = unicodedata.east_asian_width(ch) in ("W", "F")
        out.append('<span class="%s">%s</span>' % ("w" if wide else "n", html.escape(ch)))
    return "".join(out)


def main():
    src = sys.stdin.read()
    parts = TAG.split(src)
    for i, part in enumerate(parts):
        if part and not part.startswith("<"):
            parts[i] = cell(html.unescape(part))
    sys.stdout.write("".join(parts))


if __name__ == "__main__":
    main()
