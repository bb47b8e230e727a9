package articles

import (
	"fmt"
	"testing"
	"time"
	"unsafe"

	"tidings/model"
)

// TestFromPagePacksWithoutChangingAnything: a page's items read exactly
// as each article's own FromArticle, while their text is one allocation
// (every field points into one string) and a link repeated in Link,
// RawURL and the key is stored once.
func TestFromPagePacksWithoutChangingAnything(t *testing.T) {
	var arts []model.Article
	for i := range 50 {
		arts = append(arts, model.Article{
			Source:      model.SourceRef{ID: "wire", Name: "The Wire"},
			Author:      fmt.Sprintf("Reporter %d", i%3),
			Title:       fmt.Sprintf("Headline <b>%d</b>", i),
			Description: fmt.Sprintf("What happened, part %d.", i),
			URL:         fmt.Sprintf("https://wire.example/%d", i),
			URLToImage:  fmt.Sprintf("https://wire.example/%d.jpg", i),
			PublishedAt: time.Date(2026, 12, 2, 7, i, 0, 0, time.UTC),
			Content:     fmt.Sprintf("What happened, part %d. And more… [+%d chars]", i, 100+i),
			ID:          fmt.Sprint(1000 + i),
		})
	}
	arts = append(arts, model.Article{Title: "No link, no source"})
	page := FromPage(model.Page[model.Article]{Items: arts, TotalResults: len(arts), Page: 1, PageSize: 100})

	lo, hi := uintptr(0), uintptr(0)
	for i, it := range page.Items {
		if want := FromArticle(arts[i]); it != want {
			t.Fatalf("item %d packed as %+v, want %+v", i, it, want)
		}
		for _, f := range fields(&it) {
			if *f == "" {
				continue
			}
			p := uintptr(unsafe.Pointer(unsafe.StringData(*f)))
			if lo == 0 || p < lo {
				lo = p
			}
			hi = max(hi, p+uintptr(len(*f)))
		}
		if it.Link != "" && unsafe.StringData(it.Link) != unsafe.StringData(it.RawURL) {
			t.Errorf("item %d keeps two copies of its link", i)
		}
	}
	var distinct int
	seen := map[string]bool{}
	for _, it := range page.Items {
		for _, f := range fields(&it) {
			if !seen[*f] {
				seen[*f] = true
				distinct += len(*f)
			}
		}
	}
	if span := int(hi - lo); span != distinct {
		t.Fatalf("the page's text spans %d bytes, want its %d distinct bytes in one block", span, distinct)
	}
}
