package ui

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// BenchmarkAppKeyAndFrame is one j (or k) on the headlines screen and the
// frame after it, with 2,000 headlines loaded, at 160×45 (preview pane
// on): the cost of a keystroke as the user feels it.
func BenchmarkAppKeyAndFrame(b *testing.B) {
	h := newHarness(&fakeClient{total: 2000}, 160, 45, func(c *Config) { c.PageSize = 100 })
	h.wait = 5 * time.Second // no timers run while loading: wait for every fetch
	h.keys("r", "G", "g")    // (re)load everything, then go back to the top
	if st := h.app.current().Status(); st != "1/2,000 · End of results" {
		b.Fatalf("setup did not load the list: %q", st)
	}
	j, k := keyMsg("j"), keyMsg("k")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var msg tea.Msg = j
		if i%2 == 1 {
			msg = k
		}
		h.app.Update(msg)
		_ = h.app.View()
	}
}
