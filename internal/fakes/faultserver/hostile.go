package faultserver

import (
	"strings"
	"time"

	"tidings/model"
)

// Hostile strings, each one trick a stranger-written field can play on a
// terminal or on the person reading it. A reader must show all of them as
// inert text: no cleared screen, no changed title, no clipboard write, no
// reversed line, no overwritten row, no layout broken by width.
var hostileStrings = []string{
	"clear\x1b[2J\x1b[Hscreen",                               // CSI: erase display, cursor home
	"\x1b]0;pwned\x07title",                                  // OSC 0: set the window title
	"\x1b]8;;https://evil.example/\x1b\\click\x1b]8;;\x1b\\", // OSC 8: hidden hyperlink
	"\x1b]52;c;cm0gLXJmIH4=\x07clipboard",                    // OSC 52: write the clipboard
	"\x1bP+q544e\x1b\\dcs",                                   // DCS: terminal capability query
	"ask\x1b[6nreply",                                        // DSR: makes the terminal type into stdin
	"c1\u009b31mred",                                         // C1 CSI as one code point
	"bidi \u202eevil.exe\u202c txt",                          // right-to-left override
	"isolate \u2067abc\u2069 end",                            // bidi isolate
	"line one\rOVERWRITTEN",                                  // carriage return
	"back\b\b\b\bspace",                                      // backspaces
	"bell\x07\x07",                                           // BEL
	"nul\x00byte",                                            // NUL
	"tab\there\vvt\fff",                                      // tab, vertical tab, form feed
	"multi\nline\n\n\ntitle",                                 // newlines inside one-line fields
	"zero\u200bwidth\u200djoin\ufeffbom",                     // invisible characters
	"wide 全角の見出し 👨‍👩‍👧‍👦 e\u0301", // double width, ZWJ emoji, combining
	strings.Repeat("W", 5000),     // one unbreakable word, far wider than a screen
}

// HostileStrings returns the hostile field values HostileText uses, for
// table tests of whatever renders service text.
func HostileStrings() []string { return append([]string(nil), hostileStrings...) }

// HostileArticle is one article whose every field plays tricks: escape
// sequences, bidi overrides, carriage returns, a javascript: link, a date at
// the end of time and a body of thousands of lines.
func HostileArticle() model.Article {
	return model.Article{
		Source: model.SourceRef{
			ID:   "\x1b[31mred-source",
			Name: "Source \u202eemaN\u202c",
		},
		Author:      "\x1b]0;pwned\x07Mallory\r\x1b[2K",
		Title:       "Breaking\x1b[2J\x1b[H news \u202e!sdrawkcab\u202c\rOVERWRITTEN\nsecond line",
		Description: "Click \x1b]8;;https://evil.example/\x1b\\here\x1b]8;;\x1b\\ \x1b]52;c;cm0gLXJmIH4=\x07 now\x1b[6n",
		URL:         "javascript:alert(document.cookie)",
		URLToImage:  "file:///etc/passwd",
		PublishedAt: time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC),
		Content:     strings.Repeat("line\x1b[1A\r\n", 2000) + strings.Join(hostileStrings, "\n"),
	}
}

// HostileArticles is HostileArticle followed by one article per hostile
// string, that string in every text field.
func HostileArticles() []model.Article {
	out := []model.Article{HostileArticle()}
	for _, s := range hostileStrings {
		out = append(out, model.Article{
			Source:      model.SourceRef{ID: s, Name: s},
			Author:      s,
			Title:       s,
			Description: s,
			URL:         "https://example.invalid/" + s,
			Content:     s,
			PublishedAt: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC),
		})
	}
	return out
}

// HostileSources is one source per hostile string, that string in every
// text field; URLs and enums are valid so only the text is on trial.
func HostileSources() []model.Source {
	out := make([]model.Source, 0, len(hostileStrings))
	for _, s := range hostileStrings {
		out = append(out, model.Source{
			ID:          s,
			Name:        s,
			Description: s,
			URL:         "https://example.invalid/",
			Category:    model.Category("general"),
			Language:    model.Language("en"),
			Country:     model.Country("us"),
		})
	}
	return out
}
