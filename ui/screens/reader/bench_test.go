package reader

import (
	"testing"

	"tidings/extract"
	"tidings/internal/fakes/pageserver"
	"tidings/ui/common"
	"tidings/ui/markdown"
)

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

// BenchmarkExtractAndRender10kWords is the budget (under 30 ms):
// a 10,000-word news page, in hand, to the reader's terminal lines at 100
// columns — extraction (charset, readability, Markdown) and rendering.
// The network is not in it.
func BenchmarkExtractAndRender10kWords(b *testing.B) {
	benchLongPage(b, func(a extract.Article, o markdown.Options) {
		if a.Words < 9000 {
			b.Fatalf("%d words", a.Words)
		}
		markdown.Render(a.Markdown, o)
	})
}

// BenchmarkExtractToFirstScreen10kWords is what the reader waits for
// before a 10,000-word article is on screen: extraction, then the layout
// of its first screens (the rest is laid out after they are shown).
func BenchmarkExtractToFirstScreen10kWords(b *testing.B) {
	benchLongPage(b, func(a extract.Article, o markdown.Options) {
		head, _ := markdown.SplitHead(markdown.Chunks(a.Markdown))
		if lines := markdown.RenderChunks(head, o); len(lines) < 40 {
			b.Fatalf("first screens: %d lines", len(lines))
		}
	})
}

// benchLongPage extracts the 10,000-word /long page once per iteration
// and hands the article to lay, with the options of a 104×40 reader.
func benchLongPage(b *testing.B, lay func(a extract.Article, o markdown.Options)) {
	page, ok := pageserver.Get("/long")
	if !ok {
		b.Fatal("no /long page")
	}
	o := newReader(104, 40).renderOpts()
	b.SetBytes(int64(len(page.Body)))
	b.ReportAllocs()
	for b.Loop() {
		a, err := extract.FromHTML(page.Body, page.ContentType, "https://news.example/long")
		if err != nil {
			b.Fatal(err)
		}
		lay(a, o)
	}
}
