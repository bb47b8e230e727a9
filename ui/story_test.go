package ui

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"tidings/model"
	"tidings/ui/common"
)

// storyClient is a service that groups stories (our extension): the
// first three headlines are one story told by three outlets, the fourth
// is a story of its source alone, the fifth belongs to no story.
type storyClient struct {
	fakeClient
	mu      sync.Mutex
	stories []string // the story parameter of every /articles call
}

func storyArticle(i int, source, title, story string, size int) model.Article {
	return model.Article{
		Source:      model.SourceRef{ID: strings.ToLower(strings.ReplaceAll(source, " ", "-")), Name: source},
		Title:       title,
		Description: "How " + source + " tells it.",
		URL:         "https://news.example/story/" + string(rune('a'+i)),
		PublishedAt: testNow.Add(-time.Duration(i+1) * time.Hour),
		StoryID:     story, StorySize: size,
	}
}

func (c *storyClient) catalogue() []model.Article {
	return []model.Article{
		storyArticle(0, "Harbour Herald", "Storm closes the northern ports", "s-storm", 3),
		storyArticle(1, "Coast Courier", "Ports shut as the storm arrives", "s-storm", 3),
		storyArticle(2, "Daily Tide", "Northern ports closed by the storm", "s-storm", 3),
		storyArticle(3, "Valley Voice", "Council approves the new bridge", "s-bridge", 1),
		storyArticle(4, "Valley Voice", "Letters to the editor", "", 0),
	}
}

func (c *storyClient) LatestHeadlines(_ context.Context, q model.HeadlinesQuery) (model.Page[model.Article], error) {
	all := c.catalogue()
	return model.Page[model.Article]{Items: all, TotalResults: len(all), Page: 1, PageSize: len(all)}, nil
}

func (c *storyClient) Articles(ctx context.Context, q model.ArticlesQuery) (model.Page[model.Article], error) {
	if q.Story == "" {
		return c.fakeClient.Articles(ctx, q)
	}
	c.mu.Lock()
	c.stories = append(c.stories, q.Story)
	c.mu.Unlock()
	var items []model.Article
	for _, a := range c.catalogue() {
		if a.StoryID == q.Story {
			items = append(items, a)
		}
	}
	return model.Page[model.Article]{Items: items, TotalResults: len(items), Page: 1, PageSize: 20}, nil
}

func newStoryHarness(t *testing.T, client *storyClient, w, h int, cfg ...func(*Config)) *harness {
	t.Helper()
	c := Config{Client: client, Now: func() time.Time { return testNow }, Location: time.UTC,
		Version: "v1.0.0", BaseURL: "http://127.0.0.1:9/v2", PageSize: 10}
	for _, f := range cfg {
		f(&c)
	}
	hs := &harness{app: New(c), wait: 60 * time.Millisecond}
	hs.app.openURL = func(u string) error { hs.opened = append(hs.opened, u); return nil }
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	hs.run(hs.app.Init())
	return hs
}

func TestRowsShowHowManyOtherOutletsTellTheStory(t *testing.T) {
	h := newStoryHarness(t, &storyClient{}, 120, 40)
	v := h.view()
	for _, want := range []string{"Harbour Herald · 1h ago · +2 sources", "Coast Courier · 2h ago · +2 sources"} {
		if !strings.Contains(v, want) {
			t.Errorf("the headlines lack %q:\n%s", want, v)
		}
	}
	// A story of one outlet, and an article in no story, say nothing.
	if strings.Contains(v, "+0") || strings.Count(v, "source") != strings.Count(v, "sources") {
		t.Errorf("a row without other outlets shows a count:\n%s", v)
	}
}

func TestEqualsOpensEveryOutletsVersionAndEscGoesBack(t *testing.T) {
	client := &storyClient{}
	h := newStoryHarness(t, client, 120, 40)
	h.keys("j", "=")
	if h.app.Active() != common.Story {
		t.Fatalf("= left the app on %v, want the story", h.app.Active())
	}
	if len(client.stories) != 1 || client.stories[0] != "s-storm" {
		t.Fatalf("asked for stories %q, want s-storm once", client.stories)
	}
	v := h.view()
	for _, want := range []string{"Story · 3 sources · Ports shut as the storm arrives", "Harbour Herald", "Coast Courier", "Daily Tide",
		"Storm closes the northern ports", "Northern ports closed by the storm"} {
		if !strings.Contains(v, want) {
			t.Errorf("the story screen lacks %q:\n%s", want, v)
		}
	}
	// The versions open in the reader, whose esc comes back to the story.
	h.keys("j", "enter")
	if a, ok := h.app.reader.Article(); h.app.Active() != common.Reader || !ok || a.Title != "Ports shut as the storm arrives" {
		t.Fatalf("enter on the second version: active %v, reader %q", h.app.Active(), a.Title)
	}
	h.keys("esc")
	if h.app.Active() != common.Story {
		t.Fatalf("esc in the reader went to %v, want the story", h.app.Active())
	}
	h.keys("esc")
	if h.app.Active() != common.Headlines {
		t.Fatalf("esc on the story went to %v, want the headlines it was opened from", h.app.Active())
	}
}

func TestEqualsOnAnArticleWithoutOtherOutletsSaysSo(t *testing.T) {
	client := &storyClient{}
	h := newStoryHarness(t, client, 120, 40)
	h.keys("j", "j", "j", "=")
	if h.app.Active() != common.Headlines || len(client.stories) != 0 {
		t.Fatalf("= on a one-outlet story: active %v, story requests %q", h.app.Active(), client.stories)
	}
	if v := h.view(); !strings.Contains(v, "Only Valley Voice reports this story so far.") {
		t.Errorf("no note about the one-outlet story:\n%s", v)
	}
	h.keys("j", "=")
	if v := h.view(); !strings.Contains(v, "The service groups no stories for this article.") {
		t.Errorf("no note about the article in no story:\n%s", v)
	}
}

func TestCollapsedHeadlinesShowOneRowPerStoryAndTheChoiceIsRemembered(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.db")
	st := openStore(t, path)
	h := newStoryHarness(t, &storyClient{}, 120, 40, withState(st))
	h.keys("j", "z") // on the storm's second version
	v := h.view()
	if !strings.Contains(v, "Harbour Herald") || strings.Contains(v, "Coast Courier") || strings.Contains(v, "Daily Tide") {
		t.Fatalf("collapsed headlines still list the storm's other versions:\n%s", v)
	}
	if !strings.Contains(v, "Council approves the new bridge") || !strings.Contains(v, "Letters to the editor") {
		t.Fatalf("collapsing hid articles of other stories:\n%s", v)
	}
	if it, ok := h.app.screens[common.Headlines].(interface{ Collapsed() bool }); !ok || !it.Collapsed() {
		t.Fatal("the headlines do not report being collapsed")
	}
	// The selection moved to the row that stands for the story.
	h.keys("enter")
	if a, _ := h.app.reader.Article(); a.Title != "Storm closes the northern ports" {
		t.Fatalf("after z, enter opened %q, want the storm's row", a.Title)
	}

	// A new session over the same state file starts collapsed.
	h2 := newStoryHarness(t, &storyClient{}, 120, 40, withState(st))
	if v := h2.view(); strings.Contains(v, "Coast Courier") || !strings.Contains(v, "one row each") {
		t.Fatalf("the next session forgot the collapsed headlines:\n%s", v)
	}
	h2.keys("z")
	if v := h2.view(); !strings.Contains(v, "Coast Courier") {
		t.Fatalf("z did not list every article again:\n%s", v)
	}
	if got, err := st.Preference(context.Background(), "headlines.collapse-stories"); err != nil || got != "off" {
		t.Fatalf("kept preference = %q, %v; want off", got, err)
	}
}
