package ui

import (
	"image/color"
	"slices"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"tidings/keymap"
	"tidings/ui/common"
)

// weatherScreen is a screen the reader does not have, added in a test
// by one registry line.
type weatherScreen struct {
	width, height int
	inited        bool
	themed        int
	pings         int
	shown         int
}

type weatherPingMsg struct{}

func (w *weatherScreen) Init() tea.Cmd { w.inited = true; return nil }
func (w *weatherScreen) Update(msg tea.Msg) tea.Cmd {
	switch msg.(type) {
	case common.ThemeMsg:
		w.themed++
	case weatherPingMsg:
		w.pings++
	}
	return nil
}
func (w *weatherScreen) View() string              { return "Sunny spells over the harbour" }
func (w *weatherScreen) SetSize(width, height int) { w.width, w.height = width, height }
func (w *weatherScreen) ShortHelp() []key.Binding  { return nil }
func (w *weatherScreen) FullHelp() [][]key.Binding { return nil }
func (w *weatherScreen) Title() string             { return "Weather" }
func (w *weatherScreen) Status() string            { return "3 forecasts" }
func (w *weatherScreen) CapturesInput() bool       { return false }
func (w *weatherScreen) Loading() bool             { return false }
func (w *weatherScreen) Shown() tea.Cmd            { w.shown++; return nil }

const weatherID common.ScreenID = 100

// A screen added to the registry, and nowhere else, gets a tab numbered
// with its key, its key and tab reach it, it is sized, initialised, told
// when shown, and hears broadcasts and theme changes.
func TestARegisteredScreenIsReachedSizedAndTold(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		w := &weatherScreen{}
		nine := key.NewBinding(key.WithKeys("9"), key.WithHelp("9", "weather"))
		defs := append(slices.Clone(screens), screenDef{id: weatherID, label: "Weather",
			key: func(keymap.GlobalKeys) key.Binding { return nine }, build: func(*common.Context, Config) common.Screen { return w }})

		c := Config{Client: &fakeClient{}, Now: func() time.Time { return testNow }, Location: time.UTC,
			Version: "v1.0.0", BaseURL: "http://127.0.0.1:9/v2", PageSize: 10}
		hs := &harness{app: newApp(c, defs), wait: 60 * time.Millisecond}
		hs.send(tea.WindowSizeMsg{Width: 160, Height: 40})
		hs.run(hs.app.Init())

		if !w.inited {
			t.Error("the registered screen was not initialised")
		}
		if w.width != 160 || w.height != 40-headerHeight-footerHeight {
			t.Errorf("the registered screen is %d×%d, want 160×%d", w.width, w.height, 40-headerHeight-footerHeight)
		}
		if v := hs.view(); !strings.Contains(v, "9 Weather") {
			t.Fatalf("no tab for the registered screen:\n%s", v)
		}
		hs.keys("9")
		if hs.app.Active() != weatherID || w.shown != 1 {
			t.Fatalf("9 went to %v (shown %d times), want the registered screen", hs.app.Active(), w.shown)
		}
		if v := hs.view(); !strings.Contains(v, "Sunny spells") || !strings.Contains(v, "3 forecasts") {
			t.Fatalf("the registered screen's view or status is not drawn:\n%s", v)
		}
		hs.keys("1", "shift+tab")
		if hs.app.Active() != weatherID {
			t.Fatalf("shift+tab from the first tab went to %v, want the last tab (the registered screen)", hs.app.Active())
		}
		hs.keys("q")
		if !hs.quit {
			t.Error("q on a top-level registered screen did not quit")
		}

		hs.send(weatherPingMsg{})
		if w.pings != 1 {
			t.Errorf("the registered screen heard %d broadcasts, want 1", w.pings)
		}
		hs.send(tea.BackgroundColorMsg{Color: color.White})
		if w.themed != 1 {
			t.Errorf("the registered screen was told of %d theme changes, want 1", w.themed)
		}
	})
}

// The theme change reaches the screens as a message, once per change; a
// background that changes nothing sends none.
func TestThemeChangeIsBroadcastOnce(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		w := &weatherScreen{}
		defs := append(slices.Clone(screens), screenDef{id: weatherID, label: "Weather",
			key: func(keymap.GlobalKeys) key.Binding { return key.Binding{} }, build: func(*common.Context, Config) common.Screen { return w }})
		hs := &harness{app: newApp(Config{Client: &fakeClient{}, Now: func() time.Time { return testNow }}, defs), wait: 60 * time.Millisecond}
		hs.send(tea.WindowSizeMsg{Width: 100, Height: 30})
		hs.send(tea.BackgroundColorMsg{Color: color.Black}) // dark already
		if w.themed != 0 {
			t.Fatalf("a background that changes nothing sent %d theme messages", w.themed)
		}
		gen := hs.app.ctx.ThemeGen
		hs.send(tea.BackgroundColorMsg{Color: color.White})
		if w.themed != 1 || hs.app.ctx.ThemeGen != gen+1 {
			t.Fatalf("a light background: %d theme messages, ThemeGen %d→%d", w.themed, gen, hs.app.ctx.ThemeGen)
		}
	})
}

// The keys that lived outside keymap are bindings there now, so the
// config file's [keys] section can rebind them: the sources filter's
// keep key and the search form's choice keys.
func TestScreenKeysFromKeymapAreRebindable(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		km := keymap.Default()
		km.Sources.KeepFilter.SetKeys("ctrl+k")
		km.Search.NextChoice.SetKeys("ctrl+n")
		hs := newHarness(&fakeClient{}, 120, 40, func(c *Config) { c.Keys = km })
		hs.keys("2", "/", "s", "o")
		hs.send(tea.KeyPressMsg{Code: 'k', Mod: tea.ModCtrl})
		if hs.app.current().CapturesInput() {
			t.Fatal("ctrl+k, bound to sources.keep_filter, did not keep the filter")
		}
		hs.keys("3")
		for range 6 { // the six text fields, then the language choice
			hs.keys("tab")
		}
		before := hs.view()
		hs.send(tea.KeyPressMsg{Code: 'n', Mod: tea.ModCtrl})
		if hs.view() == before {
			t.Fatal("ctrl+n, bound to search.next_choice, did not change the choice")
		}
	})
}
