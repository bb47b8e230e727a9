package sources

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"tidings/model"
)

// The local filter covers the whole catalogue, not only the pages loaded
// so far (issue 28, item 1: "/Veld" said "1 match · loaded 100 of 183"
// and missed "Veld Sports Weekly" until G loaded the rest).
func TestFilterCoversTheWholeCatalogue(t *testing.T) {
	all := catalogue(183)
	all[10].Name = "Highveld Courier"
	all[170].Name = "Veld Sports Weekly"
	fc := &fakeClient{all: all}
	m := open(t, fc, 120, 40, model.SourcesQuery{})
	if st := m.Status(); st != "1/183" {
		t.Fatalf("before filtering: %q", st)
	}
	keys(t, m, "/")
	typeText(t, m, "Veld")
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "Highveld Courier") || !strings.Contains(view, "Veld Sports Weekly") {
		t.Fatalf("the filter missed a source:\n%s", view)
	}
	if st := m.Status(); st != "1/2 matches · End of results · 183 sources" {
		t.Fatalf("status %q", st)
	}
	if got := fmt.Sprint(pagesAsked(fc)); got != "[1 2]" {
		t.Fatalf("pages asked %s, want each once", got)
	}
}

func pagesAsked(fc *fakeClient) []int {
	var out []int
	for _, q := range fc.calls() {
		out = append(out, q.Page)
	}
	return out
}

// Sources are listed by name as people read it, not in byte order (issue
// 28, item 10).
func TestSourcesListedInCollationOrder(t *testing.T) {
	names := []string{"Highveld", "Crónica", "Byte Foundry", "Circuit", "Hälsa", "Código", "Bühne", "Ciência",
		"Bote 10", "Bote 2"}
	all := catalogue(len(names))
	for i, n := range names {
		all[i].Name = n
	}
	m := open(t, &fakeClient{all: all}, 120, 40, model.SourcesQuery{})
	var got []string
	for it := range m.list.Items() {
		got = append(got, it.src.Name)
	}
	want := []string{"Bote 2", "Bote 10", "Bühne", "Byte Foundry", "Ciência", "Circuit", "Código", "Crónica", "Hälsa", "Highveld"}
	if !slices.Equal(got, want) {
		t.Fatalf("order\n%q\nwant\n%q", got, want)
	}
}
