package cli

import "github.com/mattn/go-runewidth"

// warmWidthTable builds go-runewidth's table of character widths on the
// other core while the reader starts. The renderer measures every frame's
// text through it, and its first lookup of a character past U+02FF (the
// first frame's "·" and "…", the box lines, the spinner) fills a 2.2 MB
// table (go-runewidth v0.0.31's buildStrictWidthLUT: a memset and some 540
// page faults), which the first frame otherwise waited for: 10-33 of the
// 120-300 perf samples between the program's start and the first request,
// in the profiles of docs/performance-notes.md (2026-12-02, evening). Built
// once, the table serves every later lookup.
func warmWidthTable() {
	go runewidth.RuneWidth('…')
}
