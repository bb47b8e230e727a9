package htmltext

import (
	"strings"
	"testing"
)

func BenchmarkToText(b *testing.B) {
	doc := strings.Repeat("<p>Officials said the <a href=\"/x\">bridge</a> would reopen &mdash; eventually.</p><ul><li>one</li><li>two</li></ul>", 20)
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		ToText(doc)
	}
}

func BenchmarkLine(b *testing.B) {
	title := "Council <b>approves</b> budget &amp; roads &#8212; “finally”"
	b.SetBytes(int64(len(title)))
	b.ReportAllocs()
	for b.Loop() {
		Line(title)
	}
}
