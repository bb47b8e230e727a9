// Package extract turns a web page into the article it holds: it fetches
// the page (http and https only, with timeouts, a 5 MiB cap, at most five
// redirects, no cookies, a User-Agent naming tidings, and the fetch policy
// of tidings/netguard: no loopback, private or link-local address unless
// allowed), decodes its
// charset, extracts the main text with go-readability and converts it to
// Markdown ready for the terminal reader: links numbered in the text and
// listed apart, images as "[image: alt text]" lines. Extracted articles
// are kept in a size-bounded cache on disk, so reading them again is
// instant and works offline.
//
// It is used by the reader (`f` in the article view) and by feed
// ingestion (feeds marked --full-text). It must not draw anything or
// import ui: what it returns is untrusted text for the reader to make
// terminal-safe.
package extract
