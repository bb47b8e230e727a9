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
// (every field points into one string) and a link repeated in Link and
// the key is stored once.
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
		if want := FromArticle(arts[i]); !it.Same(want) {
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
		if it.Link != "" && unsafe.StringData(it.Link) != unsafe.StringData(it.key) {
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

// A later page's contents and image links are one deflated block, smaller than
// their text, and read back exactly whichever page was read last.
func TestColdTextIsDeflatedAPageAtATime(t *testing.T) {
	pageOf := func(n int) []model.Article {
		var arts []model.Article
		for i := range 100 {
			arts = append(arts, model.Article{
				Title: fmt.Sprintf("Story %d-%d", n, i), URL: fmt.Sprintf("https://wire.example/%d/%d", n, i),
				URLToImage: fmt.Sprintf("https://wire.example/img/%d/%d.jpg", n, i),
				Content:    fmt.Sprintf("Page %d, story %d: the storm went on through the night… [+%d chars]", n, i, 900+i),
			})
		}
		return arts
	}
	a, b := pageOf(1), pageOf(2)
	first := FromPage(model.Page[model.Article]{Items: a, TotalResults: 300, Page: 1, PageSize: 100})
	if first.Items[0].cold.block.deflated != nil {
		t.Error("the first page is deflated: work on the path to the first frame")
	}
	pa := FromPage(model.Page[model.Article]{Items: a, TotalResults: 300, Page: 2, PageSize: 100})
	pb := FromPage(model.Page[model.Article]{Items: b, TotalResults: 300, Page: 3, PageSize: 100})
	block := pa.Items[0].cold.block
	if block.deflated == nil || block.text != "" {
		t.Fatalf("the page's cold text is kept as it is (%d bytes), not deflated", len(block.text))
	}
	text := 0
	for _, it := range pa.Items {
		if it.cold.block != block {
			t.Fatal("a page's items do not share one cold block")
		}
		text += len(it.Content()) + len(it.Image())
	}
	if len(block.deflated) >= text/2 {
		t.Errorf("%d bytes of cold text deflate to %d: no saving worth keeping", text, len(block.deflated))
	}
	// Alternate between the pages: each read inflates the other block.
	for i := range 100 {
		for _, pair := range []struct {
			it  Item
			art model.Article
		}{{pa.Items[i], a[i]}, {pb.Items[i], b[i]}} {
			want := FromArticle(pair.art)
			if got := pair.it.Content(); got != want.Content() || got == "" {
				t.Fatalf("content %q, want %q", got, want.Content())
			}
			if got := pair.it.Image(); got != pair.art.URLToImage {
				t.Fatalf("image %q, want %q", got, pair.art.URLToImage)
			}
			if got := ToArticle(pair.it); got.Content != ToArticle(want).Content || got.URLToImage != pair.art.URLToImage {
				t.Fatalf("saved as %+v", got)
			}
		}
	}
}
