package reader

import (
	"testing"

	"tidings/extract"
	"tidings/ui/common"
)

// BenchmarkRenderFullText10kWords renders a 10,000-word article at 100
// columns: clean, split, glamour on every core, keep SGR only.
func BenchmarkRenderFullText10kWords(b *testing.B) {
	md := longMarkdown(10000)
	m := newReader(104, 40)
	o := m.renderOpts()
	if o.width != 100 {
		b.Fatalf("width %d", o.width)
	}
	b.SetBytes(int64(len(md)))
	b.ReportAllocs()
	for b.Loop() {
		renderMarkdown(md, o)
	}
}

// scrollReader is a reader showing a 10,000-word full text.
func scrollReader(b *testing.B) *Model {
	m := newReader(104, 40)
	m.ctx.FullText = &fakeFullText{articles: map[string]extract.Article{
		article.URL: {URL: article.URL, Markdown: longMarkdown(10000), Words: 10000},
	}}
	m.SetArticle(articlesItem(), common.Headlines)
	keysB(m, "f")
	if !m.full.showing || m.vp.TotalLineCount() < 800 {
		b.Fatalf("full text not shown: %d lines", m.vp.TotalLineCount())
	}
	return m
}

func keysB(m *Model, ks ...string) {
	for _, k := range ks {
		feed(m, m.Update(press(k)))
		m.View()
	}
}

// The cost of a key press and a frame at the top and at the end of the
// article must be the same order: the text is laid out once.
func BenchmarkScrollFullTextTop(b *testing.B) {
	m := scrollReader(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		k := "j"
		if i%2 == 1 {
			k = "k"
		}
		m.Update(press(k))
		_ = m.View()
	}
}

func BenchmarkScrollFullTextEnd(b *testing.B) {
	m := scrollReader(b)
	keysB(m, "G", "k", "k")
	if m.vp.YOffset() < m.vp.TotalLineCount()-50 {
		b.Fatalf("not at the end: offset %d of %d", m.vp.YOffset(), m.vp.TotalLineCount())
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		k := "j"
		if i%2 == 1 {
			k = "k"
		}
		m.Update(press(k))
		_ = m.View()
	}
}
