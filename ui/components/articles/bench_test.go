package articles

import (
	"fmt"
	"testing"
	"time"

	"tidings/model"
)

// BenchmarkFromPage: sanitising and packing a later page of 100 articles,
// the work each page of a G does off the UI goroutine.
func BenchmarkFromPage(b *testing.B) {
	arts := make([]model.Article, 100)
	for i := range arts {
		arts[i] = model.Article{
			Source: model.SourceRef{ID: "wire", Name: "The Wire"}, Author: fmt.Sprintf("Reporter %d", i%7),
			Title:       fmt.Sprintf("Storm closes ports for a %dth day as winds reach 90mph", i),
			Description: "Ferry operators cancelled crossings as the storm moved north.",
			URL:         fmt.Sprintf("https://wire.example/news/storm-closes-ports-%d", i),
			URLToImage:  fmt.Sprintf("https://wire.example/images/storm-closes-ports-%d.jpg", i),
			PublishedAt: time.Date(2026, 12, 2, 7, i%60, 0, 0, time.UTC),
			Content: "Ferry operators cancelled crossings as the storm moved north. " +
				fmt.Sprintf("Harbour staff said %d vessels stayed in port overnight… [+%d chars]", i, 1200+i),
			ID: fmt.Sprint(100000 + i),
		}
	}
	p := model.Page[model.Article]{Items: arts, TotalResults: 10000, Page: 2, PageSize: 100}
	b.ReportAllocs()
	for b.Loop() {
		FromPage(p)
	}
}
