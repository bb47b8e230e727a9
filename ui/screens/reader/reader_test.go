package reader

import (
	"strings"
	"testing"
	"tidings/ui/internal/uitest"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"tidings/keymap"
	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/components/articles"
	"tidings/ui/theme"
)

var now = time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC)

func newReader(w, h int) *Model {
	ctx := &common.Context{
		View: common.View{
			Styles:   theme.New(true, false),
			Keys:     keymap.Default(),
			Now:      func() time.Time { return now },
			Location: time.UTC,
		},
	}
	m := New(ctx)
	m.SetSize(w, h)
	return m
}

var article = model.Article{
	Source:      model.SourceRef{Name: "Daily \x1b[31mNews"},
	Author:      "Jane Doe",
	Title:       "Parliament passes the budget after a long night",
	Description: "Lawmakers <b>agreed</b> at dawn &amp; went home.",
	Content:     strings.Repeat("The vote was close and the debate was long. ", 20) + "[+2048 chars]",
	URL:         "https://news.example/budget",
	PublishedAt: now.Add(-3 * time.Hour),
}

func msgOf(cmd tea.Cmd) tea.Msg {
	if cmd == nil {
		return nil
	}
	return cmd()
}

func TestShowsEveryPartOfTheArticle(t *testing.T) {
	m := newReader(80, 60)
	m.SetArticle(articles.FromArticle(article), common.Headlines)
	out := ansi.Strip(m.View())
	for _, want := range []string{
		"Parliament passes the budget", "Daily News · by Jane Doe", "Sun 22 Nov 2026 15:00 UTC · 3h ago",
		"Lawmakers agreed at dawn & went home.", "2,048 more characters at the source — press o",
		"https://news.example/budget",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("reader lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "[+2048 chars]") || strings.Contains(out, "<b>") {
		t.Fatalf("raw markers leaked:\n%s", out)
	}
}

func TestFitsTheAreaAtAnyWidth(t *testing.T) {
	rtl := article
	rtl.Title = "\u202eעדכון חשוב: הכנסת אישרה את התקציב לאחר לילה ארוך של דיונים"
	for _, w := range []int{40, 80, 140, 200} {
		m := newReader(w, 20)
		m.SetArticle(articles.FromArticle(rtl), common.Search)
		lines := strings.Split(m.View(), "\n")
		if len(lines) != 20 {
			t.Fatalf("width %d: %d lines, want 20", w, len(lines))
		}
		for _, l := range lines {
			if got := ansi.StringWidth(l); got > w {
				t.Fatalf("width %d: line %q is %d wide", w, ansi.Strip(l), got)
			}
			if strings.ContainsRune(l, '\u202e') {
				t.Fatal("a bidi override reached the view")
			}
		}
	}
}

func TestKeysAskTheRootToAct(t *testing.T) {
	m := newReader(80, 20)
	m.SetArticle(articles.FromArticle(article), common.Search)
	cases := map[string]tea.Msg{
		"n":     common.StepArticleMsg{Delta: 1},
		"right": common.StepArticleMsg{Delta: 1},
		"p":     common.StepArticleMsg{Delta: -1},
		"esc":   common.BackMsg{},
		"o":     common.OpenURLMsg{URL: article.URL},
		"y":     common.CopyURLMsg{URL: article.URL},
	}
	for k, want := range cases {
		if got := msgOf(m.Update(press(k))); got != want {
			t.Errorf("%s gave %#v, want %#v", k, got, want)
		}
	}
	if m.Origin() != common.Search {
		t.Fatalf("origin %v", m.Origin())
	}
}

func TestScrolling(t *testing.T) {
	m := newReader(40, 12)
	m.SetArticle(articles.FromArticle(article), common.Headlines)
	m.Update(press("end"))
	if !m.vp.AtBottom() || m.Status() != "100%" {
		t.Fatalf("end did not scroll to the bottom (status %q)", m.Status())
	}
	m.Update(press("g"))
	if !m.vp.AtTop() {
		t.Fatal("g did not scroll to the top")
	}
	m.Update(press("j"))
	if m.vp.YOffset() != 1 {
		t.Fatalf("j scrolled to %d", m.vp.YOffset())
	}
	m.SetArticle(articles.FromArticle(article), common.Headlines)
	if !m.vp.AtTop() {
		t.Fatal("a new article did not start at the top")
	}
}

func TestRefusedLinkIsExplained(t *testing.T) {
	bad := article
	bad.URL = "file:///etc/passwd"
	m := newReader(80, 40)
	m.SetArticle(articles.FromArticle(bad), common.Headlines)
	if out := ansi.Strip(m.View()); !strings.Contains(out, "not a web address") {
		t.Fatalf("non-http link not flagged:\n%s", out)
	}
}

// Shared with the other UI packages' tests.
var press = uitest.Key

// The link is an OSC 8 hyperlink to the whole URL on every line it wraps
// onto, so a click on any part of it opens the article; a link that is not
// a safe web address gets none.
func TestLinkIsAHyperlinkOnEveryWrappedLine(t *testing.T) {
	long := article
	long.URL = "https://news.example/" + strings.Repeat("segment-", 12) + "end"
	m := newReader(40, 60)
	m.SetArticle(articles.FromArticle(long), common.Headlines)
	open := "\x1b]8;id=tidings-article;" + long.URL + "\x07"
	var linked []string
	for _, l := range strings.Split(m.View(), "\n") {
		if strings.Contains(l, open) {
			linked = append(linked, ansi.Strip(l))
		}
	}
	if len(linked) < 2 || !strings.HasPrefix(strings.TrimSpace(linked[0]), "https://news.example/") {
		t.Fatalf("want the wrapped URL's lines each linked to the whole URL, got %q", linked)
	}

	bad := article
	bad.URL = "javascript:alert(1)"
	m.SetArticle(articles.FromArticle(bad), common.Headlines)
	if strings.Contains(m.View(), "\x1b]8;") {
		t.Fatal("a link that is not http(s) became a hyperlink")
	}
}

// An article with no text whose link is not a web address offered "Press
// o to read it at the source", and o refused (issue 28, item 22): what
// cannot work is not offered; the Link line says why.
func TestNoWebAddressOffersNoO(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(*model.Article)
	}{
		{"no text", func(a *model.Article) { a.Title, a.Description, a.Content = "", "", "" }},
		{"cut text", func(a *model.Article) {}},
	} {
		t.Run(c.name, func(t *testing.T) {
			bad := article
			bad.URL = "not a url"
			c.edit(&bad)
			m := newReader(100, 60)
			m.SetArticle(articles.FromArticle(bad), common.Headlines)
			out := ansi.Strip(m.View())
			for _, offer := range []string{"Press o", "press o", "o to open"} {
				if strings.Contains(out, offer) {
					t.Errorf("offers %q for a link that is not a web address:\n%s", offer, out)
				}
			}
			if !strings.Contains(out, "not a web address") {
				t.Errorf("does not say the link is not a web address:\n%s", out)
			}
		})
	}
}
