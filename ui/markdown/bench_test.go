package markdown

import (
	"testing"

	"tidings/ui/theme"
)

// BenchmarkRenderFullText10kWords renders a 10,000-word article at 100
// columns: clean, split, parse, lay out. The package doc compares it
// with glamour's figure for the same text.
func BenchmarkRenderFullText10kWords(b *testing.B) {
	md := longMarkdown(10000)
	o := readerOptions(100, theme.New(true, false))
	b.SetBytes(int64(len(md)))
	b.ReportAllocs()
	for b.Loop() {
		Render(md, o)
	}
}
