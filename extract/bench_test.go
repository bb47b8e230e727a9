package extract

import (
	"testing"

	"tidings/internal/fakes/pageserver"
)

func benchPage(b *testing.B, path string) {
	pg, _ := pageserver.Get(path)
	b.SetBytes(int64(len(pg.Body)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := FromHTML(pg.Body, pg.ContentType, "https://www.gazette.example/long"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExtract10kWords extracts the 10,000-word /long page (decode,
// parse, readability, Markdown): the reader's budget for extracting and
// rendering it is 30 ms.
func BenchmarkExtract10kWords(b *testing.B) { benchPage(b, "/long") }

// BenchmarkExtractArticle extracts the ~1,200-word /article page.
func BenchmarkExtractArticle(b *testing.B) { benchPage(b, "/article") }

// BenchmarkExtractBig extracts the 4 MB /big page.
func BenchmarkExtractBig(b *testing.B) { benchPage(b, "/big") }

// BenchmarkExtractNested extracts /nested (100,000 nested <div>s).
func BenchmarkExtractNested(b *testing.B) { benchPage(b, "/nested") }
