package faultserver

import (
	"encoding/json"
	"strings"
	"testing"

	"tidings/model"
)

// The hostile values must survive a trip through JSON byte for byte, or the
// reader under test would be shown something tamer than the helper claims.
func TestHostileArticleSurvivesJSON(t *testing.T) {
	want := HostileArticle()
	var got struct{ Articles []model.Article }
	if err := json.Unmarshal(ArticlesBody([]model.Article{want}, 1, 1, 20), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Articles) != 1 || got.Articles[0] != want {
		t.Fatalf("round trip changed the article:\n got %+v\nwant %+v", got.Articles, want)
	}
}

func TestHostileArticleCarriesEveryTrick(t *testing.T) {
	a := HostileArticle()
	tricks := map[string]string{
		"\x1b[2J":     a.Title,
		"\x1b]0;":     a.Author,
		"\x1b]8;;":    a.Description,
		"\x1b]52;":    a.Description,
		"\x1b[6n":     a.Description,
		"\u202e":      a.Title + a.Source.Name,
		"\r":          a.Title,
		"\x1b[31m":    a.Source.ID,
		"javascript:": a.URL,
		"\x1b[1A":     a.Content,
	}
	for trick, field := range tricks {
		if !strings.Contains(field, trick) {
			t.Errorf("no %q in %q", trick, field)
		}
	}
	if a.PublishedAt.Year() != 9999 || strings.Count(a.Content, "\n") < 1000 {
		t.Errorf("date %v, %d content lines: want the end of time and a very long body", a.PublishedAt, strings.Count(a.Content, "\n"))
	}
}

func TestHostileListsUseEveryString(t *testing.T) {
	strs := HostileStrings()
	arts, srcs := HostileArticles(), HostileSources()
	if len(arts) != len(strs)+1 || len(srcs) != len(strs) {
		t.Fatalf("%d articles and %d sources for %d strings", len(arts), len(srcs), len(strs))
	}
	for i, s := range strs {
		if arts[i+1].Title != s || srcs[i].Name != s {
			t.Errorf("entry %d does not carry %q", i, s)
		}
	}
	strs[0] = "changed"
	if HostileStrings()[0] == "changed" {
		t.Error("HostileStrings shares its backing array with the caller")
	}
}
