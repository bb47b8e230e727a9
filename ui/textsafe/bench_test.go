package textsafe

import (
	"strings"
	"testing"
)

// Titles as they arrive from real services: mostly ASCII, some with
// typographic punctuation, CJK or emoji, occasionally hostile.
var benchTitles = []string{
	"Fed holds rates steady as inflation cools - Reuters",
	"Apple’s new MacBook Pro review: “the fastest laptop we’ve tested” | The Verge",
	"東京株式市場、日経平均が最高値を更新 – 日本経済新聞",
	"🚀 SpaceX launches 23 Starlink satellites from Florida 🇺🇸",
	"\x1b]0;pwned\x07Breaking\x1b[2J: \u202Eevil\u202C news",
}

func BenchmarkClean(b *testing.B) {
	for _, title := range benchTitles {
		b.Run(benchName(title), func(b *testing.B) {
			b.SetBytes(int64(len(title)))
			b.ReportAllocs()
			for b.Loop() {
				Clean(title)
			}
		})
	}
}

func BenchmarkTruncate(b *testing.B) {
	for _, title := range benchTitles {
		clean := Line(title)
		b.Run(benchName(title), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Truncate(clean, 40)
			}
		})
	}
}

func BenchmarkWrap(b *testing.B) {
	body := strings.Repeat("The council voted on Tuesday to approve the new budget, which includes funding for schools and roads. ", 20)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		Wrap(body, 72)
	}
}

// BenchmarkCleanHostile shows Clean stays linear on a megabyte of
// unterminated escape introducers: compare ns/op with the 64 KB run.
func BenchmarkCleanHostile(b *testing.B) {
	for _, size := range []int{1 << 16, 1 << 20} {
		in := strings.Repeat("\x1b[", size/2)
		b.Run(byteSize(size), func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				Clean(in)
			}
		})
	}
}

func BenchmarkFromHTML(b *testing.B) {
	doc := strings.Repeat("<p>Officials said the <a href=\"/x\">bridge</a> would reopen &mdash; eventually.</p><ul><li>one</li><li>two</li></ul>", 20)
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		FromHTML(doc)
	}
}

func benchName(title string) string {
	names := map[int]string{0: "ascii", 1: "typographic", 2: "cjk", 3: "emoji", 4: "hostile"}
	for i, t := range benchTitles {
		if t == title {
			return names[i]
		}
	}
	return "other"
}

func byteSize(n int) string {
	if n >= 1<<20 {
		return "1MB"
	}
	return "64KB"
}
