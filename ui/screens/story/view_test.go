package story

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"tidings/keymap"
	"tidings/ui/common"
	"tidings/ui/components/articlelist"
	"tidings/ui/components/articles"
	"tidings/ui/theme"
)

// A saved version's "★ saved" pushed its headline out of the column the
// others start in (issue 28, item 20): every headline starts in one
// column, and the mark still shows.
func TestSavedVersionKeepsTheHeadlineColumn(t *testing.T) {
	now := time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC)
	ctx := &common.Context{View: common.View{Styles: theme.New(true, false), Keys: keymap.Default(), Now: func() time.Time { return now }}}
	saved := articles.Item{Title: "Storm closes ports", Source: "BBC News", Link: "https://bbc.example/1", PublishedAt: now.Add(-3 * time.Hour)}
	other := articles.Item{Title: "Ports shut as storm nears", Source: "Reuters", Link: "https://reuters.example/1", PublishedAt: now.Add(-2 * time.Hour)}
	ctx.Saved.Add(articles.Key(saved))
	render := renderRow(ctx)
	for _, width := range []int{80, 120, 160} {
		first := func(it articles.Item, selected bool) string {
			return strings.Split(ansi.Strip(render(it, width, selected, ctx.Styles)), "\n")[0]
		}
		for _, selected := range []bool{false, true} {
			a, b := first(saved, selected), first(other, selected)
			if ca, cb := strings.Index(a, saved.Title), strings.Index(b, other.Title); ca != cb || ca < 0 {
				t.Errorf("width %d: headlines start at %d and %d:\n%s\n%s", width, ca, cb, a, b)
			}
			if !strings.Contains(a, articles.SavedMark) {
				t.Errorf("width %d: the saved version has no mark: %q", width, a)
			}
			if w := ansi.StringWidth(a); w > width {
				t.Errorf("width %d: the row is %d wide", width, w)
			}
		}
	}
	// Narrow rows: the source and age take a line above the headline,
	// which starts where the others' do.
	rows := ansi.Strip(render(saved, 60, false, ctx.Styles))
	if !strings.Contains(rows, articles.SavedMark) || !strings.Contains(rows, "\n"+articlelist.UnreadDot+" "+saved.Title) {
		t.Errorf("narrow saved row:\n%s", rows)
	}
}
