package articles

import (
	"strings"
	"testing"

	"tidings/model"
)

func TestFromArticleSanitisesOnce(t *testing.T) {
	it := FromArticle(model.Article{
		Title:   "Evil \x1b]0;pwned\x07title\x1b[2J",
		Source:  model.SourceRef{Name: "Src\x1b[31m"},
		Content: "<p>Body &amp; soul</p> more text… [+1234 chars]",
		URL:     "javascript:alert(1)",
	})
	for _, s := range []string{it.Title, it.Source, it.Content()} {
		if strings.ContainsRune(s, '\x1b') || strings.ContainsRune(s, '\x07') {
			t.Fatalf("control characters survived: %q", s)
		}
	}
	if !strings.Contains(it.Content(), "Body & soul") || strings.Contains(it.Content(), "<p>") || it.More != 1234 {
		t.Fatalf("content %q, more %d", it.Content(), it.More)
	}
	if it.URL() != "" {
		t.Fatalf("unsafe URL kept: %q", it.URL())
	}
}

func TestContentDoesNotRepeatTheDescription(t *testing.T) {
	it := FromArticle(model.Article{Description: "First sentence.", Content: "First sentence. Second sentence."})
	if it.Content() != "Second sentence." {
		t.Fatalf("content %q", it.Content())
	}
}

func TestFromArticleDecodesEntitiesInEveryTextField(t *testing.T) {
	it := FromArticle(model.Article{
		Title:  "Q&amp;A: &quot;Rates&quot; won&#8217;t move",
		Source: model.SourceRef{Name: "Circuit &amp; Signal"},
		Author: "Zo&euml; Brown",
	})
	if it.Title != "Q&A: \"Rates\" won’t move" || it.Source != "Circuit & Signal" || it.Author() != "Zoë Brown" {
		t.Fatalf("entities left in title %q, source %q, author %q", it.Title, it.Source, it.Author())
	}
}
