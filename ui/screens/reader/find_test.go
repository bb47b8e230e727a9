package reader

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"tidings/extract"
	"tidings/ui/common"
	"tidings/ui/markdown"
)

func typeText(m *Model, s string) {
	for _, r := range s {
		keys(m, string(r))
	}
}

func TestFindStepsBetweenMatches(t *testing.T) {
	m, _ := withFullText(80, 20)
	keys(m, "f")
	keys(m, "/")
	if !m.CapturesInput() {
		t.Fatal("the find prompt does not take the keys")
	}
	typeText(m, "Budget")
	if out := ansi.Strip(m.View()); !strings.Contains(out, "/Budget") {
		t.Fatalf("prompt not shown at the bottom:\n%s", out)
	}
	keys(m, "enter")
	// "budget" is in the title, four times in the text and in the link.
	if got := m.Status(); got != "“Budget”: match 1 of 6" {
		t.Fatalf("status %q", got)
	}
	cur := func() int { return m.find.matches[m.find.cur].line }
	first := cur()
	keys(m, "n")
	if got := m.Status(); got != "“Budget”: match 2 of 6" || cur() <= first {
		t.Fatalf("n: status %q, line %d", got, cur())
	}
	keys(m, "n", "n", "n", "n", "n") // wraps round
	if got := m.Status(); got != "“Budget”: match 1 of 6" {
		t.Fatalf("n past the last: %q", got)
	}
	keys(m, "N")
	if got := m.Status(); got != "“Budget”: match 6 of 6" {
		t.Fatalf("N before the first: %q", got)
	}
	// The current match is visible and highlighted apart.
	view := m.View()
	if !strings.Contains(view, markdown.SGRPrefix(m.ctx.Styles.Reader.Current)) {
		t.Fatal("the current match is not highlighted")
	}
	if got := msgOf(m.Update(press("right"))); got != (common.StepArticleMsg{Delta: 1}) {
		t.Fatalf("→ during a find gave %#v", got)
	}
	if got := msgOf(m.Update(press("esc"))); got != nil {
		t.Fatalf("first esc gave %#v, want the find cleared", got)
	}
	if strings.Contains(m.View(), markdown.SGRPrefix(m.ctx.Styles.Reader.Current)) || strings.Contains(m.Status(), "match") {
		t.Fatal("esc left the find highlighted")
	}
	if got := msgOf(m.Update(press("n"))); got != (common.StepArticleMsg{Delta: 1}) {
		t.Fatalf("n after the find gave %#v", got)
	}
	if got := msgOf(m.Update(press("esc"))); got != (common.BackMsg{}) {
		t.Fatalf("second esc gave %#v", got)
	}
}

func TestFindStartsAtTheCurrentPosition(t *testing.T) {
	m := newReader(80, 12)
	ft := &fakeFullText{articles: map[string]extract.Article{article.URL: {URL: article.URL, Markdown: longMarkdown(3000), Words: 3000}}}
	m.ctx.FullText = ft
	m.SetArticle(articlesItem(), common.Headlines)
	keys(m, "f")
	for range 12 {
		keys(m, "pgdown")
	}
	top := m.vp.YOffset()
	keys(m, "/")
	typeText(m, "harbour")
	keys(m, "enter")
	if len(m.find.matches) == 0 {
		t.Fatalf("no match; status %q", m.Status())
	}
	if line := m.find.matches[m.find.cur].line; line < top {
		t.Fatalf("jumped back to line %d from %d", line, top)
	}
	if m.find.cur == 0 {
		t.Fatal("went to the first match rather than the next one down")
	}
}

func TestFindWithoutMatchSaysSo(t *testing.T) {
	m, _ := withFullText(80, 20)
	keys(m, "f", "/")
	typeText(m, "zebra")
	notes := keys(m, "enter")
	if len(notes) != 1 || notes[0] != "No match for “zebra” in the article." {
		t.Fatalf("notes %q", notes)
	}
	if got := msgOf(m.Update(press("n"))); got != (common.StepArticleMsg{Delta: 1}) {
		t.Fatalf("n with no find gave %#v", got)
	}
}

// A find survives a resize: the matches are found again in the reflowed
// lines.
func TestFindSurvivesResize(t *testing.T) {
	m, _ := withFullText(80, 20)
	keys(m, "f", "/")
	typeText(m, "hospitals")
	keys(m, "enter")
	m.SetSize(50, 20)
	m.View()
	if !strings.HasSuffix(m.Status(), "of 3") {
		t.Fatalf("after resize: %q", m.Status())
	}
}

func TestLinkListOpensAndCopiesByNumber(t *testing.T) {
	m, ft := withFullText(80, 24)
	if notes := keys(m, "L"); len(notes) != 1 || !strings.Contains(notes[0], "press f first") {
		t.Fatalf("L before the full text: %q", notes)
	}
	many := sampleArticle
	many.Links = nil
	for i := 1; i <= 12; i++ {
		many.Links = append(many.Links, extract.Link{Text: fmt.Sprintf("Link number %d", i), URL: fmt.Sprintf("https://news.example/l%d", i)})
	}
	ft.articles[article.URL] = many
	keys(m, "f", "L")
	if !m.CapturesInput() {
		t.Fatal("the link list does not take the digits")
	}
	keys(m, "1", "2")
	if got := msgOf(m.Update(press("enter"))); got != (common.OpenURLMsg{URL: "https://news.example/l12"}) {
		t.Fatalf("1 2 enter gave %#v", got)
	}
	keys(m, "3")
	if got := msgOf(m.Update(press("y"))); got != (common.CopyURLMsg{URL: "https://news.example/l3"}) {
		t.Fatalf("3 y gave %#v", got)
	}
	keys(m, "up")
	if got := msgOf(m.Update(press("o"))); got != (common.OpenURLMsg{URL: "https://news.example/l2"}) {
		t.Fatalf("↑ o gave %#v", got)
	}
	keys(m, "esc")
	if m.links.open || m.CapturesInput() {
		t.Fatal("esc did not close the list")
	}
	if got := msgOf(m.Update(press("o"))); got != (common.OpenURLMsg{URL: article.URL}) {
		t.Fatalf("o in the reader gave %#v, want the article's own link", got)
	}
}

// Goldens of the link list, with a selection past the first page.
func TestLinkListGolden(t *testing.T) {
	m, ft := withFullText(80, 16)
	many := sampleArticle
	many.Links = nil
	for i := 1; i <= 12; i++ {
		many.Links = append(many.Links, extract.Link{
			Text: fmt.Sprintf("Link \x1b[31mnumber\u202e %d", i),
			URL:  fmt.Sprintf("https://news.example/%s/l%d", strings.Repeat("long-", i), i),
		})
	}
	ft.articles[article.URL] = many
	keys(m, "f", "L", "9")
	view := m.View()
	if strings.ContainsAny(view, "\u202e") || strings.Contains(ansi.Strip(view), "[31m") {
		t.Fatal("hostile link text reached the list")
	}
	golden.RequireEqual(t, ansi.Strip(view))
}
