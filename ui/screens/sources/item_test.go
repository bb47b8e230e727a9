package sources

import (
	"strings"
	"testing"

	"tidings/model"
)

func TestNewItemSanitisesOnce(t *testing.T) {
	it := newItem(model.Source{
		ID:          "evil",
		Name:        "Evil\x1b]0;pwned\x07 News\n",
		Description: "<p>Hello\x1b[2J world</p>",
		URL:         "javascript:alert(1)",
		Category:    "general",
	})
	for _, s := range []string{it.src.Name, it.src.Description} {
		if strings.ContainsAny(s, "\x1b\x07\n") {
			t.Fatalf("control characters survived: %q", s)
		}
	}
	if it.src.Name != "Evil News" {
		t.Fatalf("name = %q", it.src.Name)
	}
	if it.url != "" {
		t.Fatalf("unsafe URL kept as link: %q", it.url)
	}
}

func TestMatcherIsCaseInsensitiveOverNameIDAndDescription(t *testing.T) {
	items := []item{
		newItem(model.Source{ID: "harbor-ledger", Name: "Harbor Ledger", Description: "Shipping and ports"}),
		newItem(model.Source{ID: "north-star", Name: "North Star", Description: "Astronomy daily"}),
	}
	cases := map[string][]string{
		"HARBOR":    {"harbor-ledger"},
		"north-":    {"north-star"},
		"astronomy": {"north-star"},
		"  ":        {"harbor-ledger", "north-star"},
		"zzz":       nil,
	}
	for text, want := range cases {
		match := matcher(text)
		var got []string
		for _, it := range items {
			if match == nil || match(it) {
				got = append(got, it.src.ID)
			}
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("filter %q matched %v, want %v", text, got, want)
		}
	}
}

func TestFilterLineNamesEveryFilter(t *testing.T) {
	got := filterLine(model.SourcesQuery{Category: "technology", Language: "de"})
	if got != "Technology · German (de) · All countries" {
		t.Fatalf("filter line = %q", got)
	}
	if got := countryName("zz"); got != "zz" {
		t.Fatalf("unknown country shown as %q", got)
	}
}
