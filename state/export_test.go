package state

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"tidings/extract"
	"tidings/model"
)

func exportFixture() []SavedArticle {
	hostile := SavedArticle{
		Article: model.Article{
			Source:      model.SourceRef{ID: "evil", Name: "Evil\x1b]8;;https://x\x07 News\u202e"},
			Author:      "Mallory\x00\x07 \u009b31m*bold*",
			Title:       "Click [here](javascript:alert(1)) <b>now</b> & `win`\r\n\x1b[2J_cleared_",
			Description: "# Not a heading\n\n- not a list\x1b[31m red\u2066 text",
			URL:         "javascript:alert(1)",
			PublishedAt: time.Date(2026, 11, 19, 22, 30, 0, 0, time.FixedZone("CET", 3600)),
		},
		Key:     "javascript:alert(1)",
		SavedAt: time.Date(2026, 11, 20, 8, 0, 0, 0, time.UTC),
	}
	plain := SavedArticle{
		Article: model.Article{
			Source:      model.SourceRef{ID: "le-monde", Name: "Le Monde"},
			Author:      "Ana Pérez",
			Title:       "Climate talks resume",
			Description: "1. Delegates return\nto the table.",
			URL:         "https://www.lemonde.fr/a b/<1>",
			PublishedAt: time.Date(2026, 11, 19, 7, 0, 0, 0, time.UTC),
		},
		Key:     "https://www.lemonde.fr/a b/<1>",
		SavedAt: time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC),
		FullText: &extract.Article{
			Markdown: "# Talks\n\nThe report [1] says <script>x</script> `a<b`.\n\n```\n# code, not a heading <tag>\n```\n\x1b[31m## Later\n",
			Links:    []extract.Link{{Text: "report", URL: "https://unfccc.int/r"}, {Text: "bad", URL: "javascript:x"}},
		},
	}
	return []SavedArticle{plain, hostile}
}

const wantMarkdown = "# Saved articles\n" +
	"\n" +
	"2 saved articles.\n" +
	"\n" +
	"## [Climate talks resume](<https://www.lemonde.fr/a%20b/%3C1%3E>)\n" +
	"\n" +
	"- Source: Le Monde\n" +
	"- Author: Ana Pérez\n" +
	"- Published: 2026-11-19 07:00 UTC\n" +
	"- Saved: 2026-11-20 09:00 UTC\n" +
	"\n" +
	"1\\. Delegates return to the table.\n" +
	"\n" +
	"### Full text\n" +
	"\n" +
	"#### Talks\n" +
	"\n" +
	"The report [1] says \\<script>x\\</script> `a<b`.\n" +
	"\n" +
	"```\n" +
	"# code, not a heading <tag>\n" +
	"```\n" +
	"##### Later\n" +
	"\n" +
	"**Links**\n" +
	"\n" +
	"1. <https://unfccc.int/r>\n" +
	"2. javascript:x\n" +
	"\n" +
	"## Click \\[here\\](javascript:alert(1)) \\<b\\>now\\</b\\> \\& \\`win\\` \\_cleared\\_\n" +
	"\n" +
	"- Source: Evil News\n" +
	"- Author: Mallory \\*bold\\*\n" +
	"- Published: 2026-11-19 21:30 UTC\n" +
	"- Saved: 2026-11-20 08:00 UTC\n" +
	"- Address: javascript:alert(1)\n" +
	"\n" +
	"\\# Not a heading - not a list red text\n"

func TestExportMarkdown(t *testing.T) {
	var b bytes.Buffer
	must(t, ExportMarkdown(&b, exportFixture()))
	if got := b.String(); got != wantMarkdown {
		t.Errorf("Markdown export:\n%s\nwant:\n%s", got, wantMarkdown)
	}
	checkClean(t, b.String())
	var again bytes.Buffer
	must(t, ExportMarkdown(&again, exportFixture()))
	if again.String() != b.String() {
		t.Error("two exports differ")
	}
	var empty bytes.Buffer
	must(t, ExportMarkdown(&empty, nil))
	if empty.String() != "# Saved articles\n\n0 saved articles.\n" {
		t.Errorf("empty export %q", empty.String())
	}
}

func TestExportJSON(t *testing.T) {
	var b bytes.Buffer
	must(t, ExportJSON(&b, exportFixture()))
	checkClean(t, b.String())
	var back []map[string]any
	must(t, json.Unmarshal(b.Bytes(), &back))
	if len(back) != 2 {
		t.Fatalf("%d articles", len(back))
	}
	first, second := back[0], back[1]
	for _, k := range []string{"source", "author", "title", "description", "url", "urlToImage", "publishedAt", "content", "key", "savedAt", "fullText"} {
		if _, ok := first[k]; !ok {
			t.Errorf("field %q missing", k)
		}
	}
	if _, ok := second["fullText"]; ok {
		t.Error("fullText present without a full text")
	}
	if second["title"] != "Click [here](javascript:alert(1)) <b>now</b> & `win` _cleared_" {
		t.Errorf("title %q: JSON keeps the text, cleaned but not escaped", second["title"])
	}
	if d := second["description"]; d != "# Not a heading\n\n- not a list red text" {
		t.Errorf("description %q: line breaks stay", d)
	}
	if second["publishedAt"] != "2026-11-19T22:30:00+01:00" {
		t.Errorf("publishedAt %v", second["publishedAt"])
	}
	var again, empty bytes.Buffer
	must(t, ExportJSON(&again, exportFixture()))
	if again.String() != b.String() {
		t.Error("two exports differ")
	}
	must(t, ExportJSON(&empty, nil))
	if empty.String() != "[]\n" {
		t.Errorf("empty export %q", empty.String())
	}
	// The input is not changed by cleaning.
	if fx := exportFixture(); !strings.Contains(fx[1].Title, "\x1b") {
		t.Error("fixture changed")
	}
}

// checkClean fails on any control character but newline and tab, on C1 controls,
// and on bidi controls, whether raw or as JSON escapes.
func checkClean(t *testing.T, s string) {
	t.Helper()
	for _, r := range s {
		if (r < 0x20 && r != '\n' && r != '\t') || r == 0x7f || (r >= 0x80 && r < 0xa0) || isBidi(r) {
			t.Errorf("output holds %U", r)
		}
	}
	for _, esc := range []string{`\u001b`, `\u0000`, `\u0007`, `\r`} {
		if strings.Contains(s, esc) {
			t.Errorf("output holds %s", esc)
		}
	}
}

func TestCleanText(t *testing.T) {
	for _, tc := range []struct{ in, one, many string }{
		{"a\x1b[1;31mb\x1b[0m", "ab", "ab"},
		{"a\x1b]8;;https://x\x1b\\link\x1b]8;;\x1b\\b", "alinkb", "alinkb"},
		{"a\x1b]0;title\x07b", "ab", "ab"},
		{"a\x1bPdcs\x1b\\b", "ab", "ab"},
		{"a\x1b(Bb", "ab", "ab"},
		{"a\u009b2Jb\u009dtitle\u009cc", "abc", "abc"},
		{"a\x00\x08\x7f\u0085b", "ab", "ab"},
		{"l\u202eA\u2067B\u200fr", "lABr", "lABr"},
		{"x\r\ny\rz\u2028w", "x y z w", "x\ny\nz\nw"},
		{"  a \t\n b  ", "a b", "  a \t\n b  "},
		{"bad\xffutf8", "bad\ufffdutf8", "bad\ufffdutf8"},
		{"trailing\x1b", "trailing", "trailing"},
		{"ünï 漢字 🙂", "ünï 漢字 🙂", "ünï 漢字 🙂"},
	} {
		if got := cleanText(tc.in, false); got != tc.one {
			t.Errorf("cleanText(%q, false) = %q, want %q", tc.in, got, tc.one)
		}
		if got := cleanText(tc.in, true); got != tc.many {
			t.Errorf("cleanText(%q, true) = %q, want %q", tc.in, got, tc.many)
		}
	}
}

func FuzzExportIsClean(f *testing.F) {
	f.Add("a\x1b[31mb", "\u202e#x\n- y", "https://x/<a>")
	f.Fuzz(func(t *testing.T, title, desc, url string) {
		a := SavedArticle{Article: model.Article{Title: title, Description: desc, URL: url, Author: title},
			FullText: &extract.Article{Markdown: desc, Links: []extract.Link{{URL: url}}}}
		var b bytes.Buffer
		if err := ExportMarkdown(&b, []SavedArticle{a}); err != nil {
			t.Fatal(err)
		}
		checkClean(t, b.String())
		b.Reset()
		if err := ExportJSON(&b, []SavedArticle{a}); err != nil {
			t.Fatal(err)
		}
		checkClean(t, b.String())
	})
}
