package textsafe

import "tidings/htmltext"

// FromHTML turns an HTML fragment, or plain text, into clean plain text.
// Tags are removed; block elements (p, div, h1–h6, blockquote, table, ...)
// become paragraph breaks, br and tr line breaks, li a new line starting
// with "• " (or "1. " inside ol); script, style, template, noscript and
// head contents are dropped. Entities are decoded (&amp; &#8217; &nbsp;),
// the result goes through Clean, and runs of blank lines collapse to one.
//
// Input that contains no known HTML tag is treated as plain text, so "AT&T",
// "a < b" and "x<y and y>z" survive literally; only entities are decoded.
//
// The rendering is htmltext's, shared with feed ingestion; Clean runs in
// place of htmltext.Sanitize because a terminal needs whole escape
// sequences removed, not only their control characters.
func FromHTML(s string) string {
	return htmltext.Render(s, Clean)
}
