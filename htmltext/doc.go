// Package htmltext turns HTML fragments written by strangers (feed titles,
// summaries, article bodies) into plain text, for the news reader and for
// feed ingestion alike.
//
// ToText keeps the structure a reader needs: paragraphs separated by one
// blank line, "• " and "1. " list items, line breaks. Line makes one trimmed
// line with single spaces, for titles, descriptions and names. Both decode
// entities, drop the contents of script, style and the like, and pass the
// result through Sanitize, which removes control characters and invisible
// format characters and replaces invalid UTF-8, so what they return is fit
// to store and to serve. Render is ToText with the caller's own sanitiser.
//
// This package must not know about terminals: escape sequences, cell
// widths and cutting text for display belong to ui/textsafe, which builds
// its FromHTML on Render. It must not import ui or server packages; the
// dependency runs from them to it.
package htmltext
