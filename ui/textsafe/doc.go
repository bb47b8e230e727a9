// Package textsafe makes strings written by strangers safe to put on a
// terminal and measures them the way lipgloss does.
//
// Every string the news service hands us (titles, descriptions, content,
// author and source names, URLs) passes through this package before it
// reaches a view. The goal is that no such string can talk to the terminal:
// set the window title, write the clipboard, draw a hyperlink, move the
// cursor, clear the screen, reorder text with bidi controls, hide text with
// invisible characters or otherwise break the layout.
//
// Clean and Line sanitise; Width, Truncate and Wrap measure and cut
// sanitised text in terminal cells without splitting grapheme clusters;
// FromHTML turns HTML fragments into clean plain text; SplitTruncation
// recognises the "… [+N chars]" marker some services append; SafeURL turns
// an http(s) link into the percent-encoded, printable-ASCII address a
// browser would visit (IDN hosts in punycode) and refuses anything else.
package textsafe
