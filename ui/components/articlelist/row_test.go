package articlelist

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"tidings/keymap"
	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/components/articles"
	"tidings/ui/theme"
)

var now = time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC)

func testCtx() *common.Context {
	return &common.Context{View: common.View{Styles: theme.New(true, false), Keys: keymap.Default(), Now: func() time.Time { return now }}}
}

func TestRowShowsTitleSourceTimeAndDescriptionWhenWide(t *testing.T) {
	it := articles.FromArticle(model.Article{
		Title:  "A very long headline about something that happened today in the world of news",
		Source: model.SourceRef{Name: "Daily"}, Description: "What happened.",
		PublishedAt: now.Add(-3 * time.Hour),
	})
	r := Render(testCtx())
	narrow := ansi.Strip(r(it, 40, false, theme.New(true, false)))
	if !strings.Contains(narrow, "…") || !strings.Contains(narrow, "Daily · 3h ago") || strings.Contains(narrow, "What happened") {
		t.Fatalf("narrow row:\n%s", narrow)
	}
	for _, l := range strings.Split(narrow, "\n") {
		if ansi.StringWidth(l) > 40 {
			t.Fatalf("row line wider than 40: %q", l)
		}
	}
	wide := ansi.Strip(r(it, 120, true, theme.New(true, false)))
	if !strings.Contains(wide, "What happened.") || !strings.HasPrefix(wide, "▌ ") {
		t.Fatalf("wide selected row:\n%s", wide)
	}
}

// An article the user has read is drawn dimmed, an unread one with a dot
// and a heavier title (so it shows without colour); the selected row has
// the marker whatever its state.
func TestReadArticlesAreDrawnAsRead(t *testing.T) {
	ctx := testCtx()
	render := Render(ctx)
	read := articles.FromArticle(model.Article{Title: "Opened story", URL: "https://x.example/1", Source: model.SourceRef{Name: "S"}})
	other := articles.FromArticle(model.Article{Title: "Other story", URL: "https://x.example/2", Source: model.SourceRef{Name: "S"}})
	ctx.Read.Mark(articles.Key(read))
	ls := ctx.Styles.List
	if first := strings.Split(render(read, 80, false, ctx.Styles), "\n")[0]; first != "  "+ls.TitleRead.Render("Opened story") {
		t.Fatalf("read row title %q, want the read style", first)
	}
	if first := strings.Split(render(other, 80, false, ctx.Styles), "\n")[0]; first != ls.UnreadMark.Render(UnreadDot)+" "+ls.TitleUnread.Render("Other story") {
		t.Fatalf("unread row title %q, want the dot and the unread style", first)
	}
	if first := strings.Split(render(read, 80, true, ctx.Styles), "\n")[0]; !strings.Contains(first, ls.TitleSelected.Render("Opened story")) {
		t.Fatalf("selected read row %q, want the selection style", first)
	}
	if ls.TitleRead.Render("x") == ls.TitleUnread.Render("x") {
		t.Fatal("read and unread titles look the same")
	}
	mono := theme.New(true, true).List
	if mono.TitleUnread.Render("x") == mono.TitleRead.Render("x") || mono.TitleUnread.Render("x") == "x" {
		t.Fatal("without colour, unread titles do not stand out")
	}
	if gen := ctx.Read.Gen(); gen != 1 {
		t.Fatalf("gen %d after one mark", gen)
	}
	ctx.Read.Mark(articles.Key(read))
	if gen := ctx.Read.Gen(); gen != 1 {
		t.Fatalf("marking again changed gen to %d: lists would redraw for nothing", gen)
	}
}

// The preview offered "o to open in browser" for a link that is not a
// web address, which o refuses (issue 28, item 22).
func TestPreviewOffersOOnlyForAWebAddress(t *testing.T) {
	for _, c := range []struct {
		url   string
		offer bool
	}{{"https://news.example/1", true}, {"not a url", false}} {
		it := articles.FromArticle(model.Article{Source: model.SourceRef{Name: "Daily"}, URL: c.url,
			Content: "Short. [+1 chars]", PublishedAt: now.Add(-time.Hour)})
		out := ansi.Strip(Preview(it, true, 60, 20, &testCtx().View))
		if got := strings.Contains(out, "o to open"); got != c.offer {
			t.Errorf("link %q: offers o %v, want %v:\n%s", c.url, got, c.offer, out)
		}
		if !strings.Contains(out, "1 more character at the source") {
			t.Errorf("link %q: the count of characters left disagrees with its noun:\n%s", c.url, out)
		}
	}
}
