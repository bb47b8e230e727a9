// Package markdown lays out an article's Markdown (what package extract
// writes: CommonMark, links as "text [n]", "[image: alt]" lines) as
// terminal lines of a given width, in the theme's styles. It is the
// reader's full text (ui/screens/reader), and it is pure: no model, no
// I/O, safe to run inside a Cmd.
//
// The text is hostile (any web page): textsafe.Clean removes every escape
// sequence, control, bidi and zero-width trick first, and the output holds
// SGR sequences only — links are their text (never OSC 8), raw HTML is
// dropped, character references are resolved and cleaned again.
//
// Files by job: render.go (options, chunks, the first screens first),
// blocks.go (the goldmark tree's blocks: headings, quotes, lists, code,
// HTML), inline.go (inline text and its styles), wrap.go (word wrapping
// of styled text).
//
// # Why not glamour
//
// The reader used glamour until commit e57ff65. glamour links chroma
// (syntax highlighting the reader never used), whose lexers and styles
// register at package init, in every run of the program, reader or not;
// and it lays text out byte by byte through nested writers. This package
// is a small walker over goldmark's parser (which glamour also uses) and
// gives the same text in our palette. Measured on 2026-12-02 on the
// shared 2-core machine at a load average of 23 (so CPU time is the
// figure to compare; wall time was 4-6× it), medians of 5 runs:
//
//	                                    glamour v2.0.1    this package
//	10,000 words at 100 columns, CPU    39.7 ms           3.3 ms
//	  allocations (bytes)               769,500 (7.9 MB)  9,200 (1.3 MB)
//	a program's start: package init     39.7 ms           1.4 ms
//	  its CPU (init and a tiny render)  26.2 ms           5.1 ms
//
// (Package init is inittrace's wall clock, inflated by the load; the
// commit that replaced glamour measured 33 ms of the reader's 50 ms of
// init on a quiet machine, and 20-28 ms per 10,000 words against about
// 2 ms.) The reader's start-up budget is 40 ms, and its full-text budget
// 30 ms for extraction and layout together (docs/performance.md): glamour
// alone spent most of either.
//
// Measured with testdata/glamourbench, a throwaway module (glamour is
// not in go.mod and must not be): `sh
// ui/markdown/testdata/glamourbench/run.sh` copies it to a temp dir,
// fetches glamour there and runs `go test -run '^$' -bench .
// -benchtime 20x -count 5 -cpu 1`. BenchmarkRenderFullText10kWords here
// is this package's side alone.
package markdown
