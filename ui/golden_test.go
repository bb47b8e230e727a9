package ui

import (
	"fmt"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"tidings/api"
	"tidings/ui/common"
)

// TestViewGolden snapshots the root view of each UI-core state at a
// compact and a roomy size, ANSI stripped so that only layout and text are
// compared. Regenerate with: go test ./ui -update
func TestViewGolden(t *testing.T) {
	states := []struct {
		name   string
		client func() *fakeClient
		keys   []string
	}{
		{name: "headlines", client: func() *fakeClient { return &fakeClient{total: 30} }, keys: []string{"j"}},
		{name: "reader", client: func() *fakeClient { return &fakeClient{total: 30} }, keys: []string{"j", "enter"}},
		{name: "help", client: func() *fakeClient { return &fakeClient{total: 30} }, keys: []string{"?"}},
		{name: "country_picker", client: func() *fakeClient { return &fakeClient{total: 30} }, keys: []string{"t", "u", "n"}},
		{name: "unauthorized", client: func() *fakeClient {
			return &fakeClient{total: 30, errs: []error{&api.Error{Status: 401}}}
		}},
		{name: "end_of_results", client: func() *fakeClient { return &fakeClient{total: 4} }, keys: []string{"G"}},
	}
	for _, size := range [][2]int{{80, 24}, {140, 40}} {
		for _, st := range states {
			t.Run(fmt.Sprintf("%dx%d/%s", size[0], size[1], st.name), func(t *testing.T) {
				var out string
				inBubble(t, func(t *testing.T) {
					h := newHarness(st.client(), size[0], size[1], func(c *Config) { c.Demo = true })
					h.keys(st.keys...)
					out = ansi.Strip(h.app.View().Content)
				})
				golden.RequireEqual(t, out)
			})
		}
	}
	// Personal mode (FEEDS badge, the feeds' state beside the list's
	// progress) and the demo's start-up hint, at the compact size only.
	personal := []struct {
		name string
		cfg  func(*Config, *fakeFeeds)
		keys []string
	}{
		{name: "feeds", cfg: func(c *Config, f *fakeFeeds) { c.Feeds = f }},
		{name: "feeds_updating", cfg: func(c *Config, f *fakeFeeds) { c.Feeds = f }, keys: []string{"r"}},
		{name: "demo_hint", cfg: func(c *Config, _ *fakeFeeds) {
			c.Demo, c.Hint = true, "Demo news. Real news: tidings feeds import --starter, or tidings feeds add URL"
		}},
	}
	for _, st := range personal {
		t.Run("80x24/"+st.name, func(t *testing.T) {
			var out string
			inBubble(t, func(t *testing.T) {
				feeds := newFakeFeeds()
				l := newFeedsLoop(t, &fakeClient{total: 30}, 80, 24, func(c *Config) { st.cfg(c, feeds) })
				if l.app.ctx.Feeds != nil {
					l.push(feeds, common.FeedsStatus{Feeds: 9, Failing: 2, Updated: testNow.Add(-4 * time.Minute)})
				}
				l.keys(st.keys...)
				out = l.view()
				l.stop()
			})
			golden.RequireEqual(t, out)
		})
	}
	t.Run("30x8/too_small", func(t *testing.T) {
		var out string
		inBubble(t, func(t *testing.T) {
			out = ansi.Strip(newHarness(&fakeClient{total: 3}, 30, 8).app.View().Content)
		})
		golden.RequireEqual(t, out)
	})
}
