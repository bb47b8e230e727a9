// Package ui is the reader's root model: it owns the screens (listed once,
// in registry.go: headlines, sources, search, saved, feeds, the article
// reader, a story, a source's articles), routes messages between them,
// handles the global keys, and lays out the header with its tabs, the
// active screen, the status bar and the help line.
//
// The root is a thin coordinator: what a screen shows and fetches is the
// screen's business (ui/screens/*). Only the root returns a tea.View, and
// it declares the alternate screen and mouse mode there.
package ui

import (
	"context"
	"os"
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"tidings/api"
	"tidings/keymap"
	"tidings/model"
	"tidings/opener"
	"tidings/ui/common"
	"tidings/ui/components/statusbar"
	"tidings/ui/screens/reader"
	"tidings/ui/theme"
)

// Config is what main passes to the UI.
type Config struct {
	Client    common.Client
	Dialect   api.Dialect          // how Client's service speaks (the spec's by default)
	Demo      bool                 // show the DEMO badge
	BaseURL   string               // for error hints only
	Screen    common.ScreenID      // start screen (Headlines by default)
	Headlines model.HeadlinesQuery // preset filters from flags
	Sources   model.SourcesQuery
	Search    model.ArticlesQuery // preset form; if Search.Q != "" the search runs at start
	PageSize  int                 // 0: the service's default
	Version   string
	Now       func() time.Time // nil: time.Now
	// NoColor forces the monochrome theme; the NO_COLOR environment
	// variable does too.
	NoColor bool
	// Location is where absolute times are shown; nil: local time.
	Location *time.Location
	// Terminal is the program's output, when main wraps it with
	// NewTerminal: then the first requests go as soon as the first frame
	// has been written, rather than a tick period later (firstframe.go).
	Terminal *Terminal
	// LocalService says the service runs in this process (the demo): it
	// answers in a few milliseconds, faster than the first frame is
	// drawn, so the first requests go at once instead of waiting for the
	// frame, and the first headlines can be on the first or second frame.
	LocalService bool
	// OnStarted, if set, is called once (on the program's goroutine) when
	// start-up is over: the start screen has its first page or an error,
	// or the user has moved to another screen.
	OnStarted func()
	// Feeds is the feed poller of personal mode (the user's own
	// catalogue); nil otherwise. With it the header shows FEEDS, the
	// status bar says how the feeds stand, and r on Headlines also asks
	// for a polling pass (feeds.go).
	Feeds common.Feeds
	// FullText fetches the readable article behind a link for the
	// reader's f (extract.Extractor satisfies it); nil: the feature is
	// off, and f says why in the status bar.
	FullText common.FullText
	// FullTextAuto fetches the full text as an article opens when the
	// service's text is truncated, short or missing.
	FullTextAuto bool
	// Hint is a one-line note shown in the status bar at start (for
	// hintTTL), such as how to leave the demo for real news; "" for none.
	Hint string
	// Keys are the key bindings (the user's, from the config file); help
	// shows them. nil: keymap.Default().
	Keys *keymap.KeyMap
	// Background fixes the theme to a dark or light background; the zero
	// value (theme.BackgroundAuto) follows the terminal's.
	Background theme.Background
	// Palette adjusts the colours for a background (the user's colour
	// overrides); nil: the stock palette.
	Palette theme.Adjust
	// State is the reader's memory (a *state.Store): read history, saved
	// articles, watched searches. nil: nothing outlives the session; b
	// and w say so. It is used only inside commands, after start-up
	// (state.go).
	State common.State
	// QQuits makes q quit from every screen, as before q went back (the
	// q_quits setting); by default q leaves the reader or a story for the
	// list it came from and quits only on a tabbed screen.
	QQuits bool
	// Marks is the read and starred state the service keeps per key
	// (docs/marks.md); nil where it keeps none, and then State keeps the
	// read history.
	Marks common.Marks
	// ProbeMarks, when set, finds Marks out by asking a remote service:
	// the App calls it once the first frame is on screen, before the
	// screens' first requests go, and uses its answer as Marks (nil: the
	// service keeps none). The question is a request like any other, so
	// it too waits for the first frame (firstframe.go). Not used with
	// LocalService, whose Marks are known.
	ProbeMarks func(context.Context) common.Marks
	// Opener opens links in the user's browser ($BROWSER, open_command,
	// the platform's opener); nil: the platform's opener only.
	Opener *opener.Opener
}

// App is the root tea.Model.
type App struct {
	ctx *common.Context
	// defs are the screens (the registry, registry.go) in tab order;
	// screens holds each one built.
	defs    []screenDef
	screens map[common.ScreenID]common.Screen
	// reader is screens[common.Reader]: the root opens articles in it,
	// marks them read and keeps their full text.
	reader *reader.Model
	// sourceFrom is the screen the Source screen was opened from (Sources
	// or Feeds), where q and esc go back.
	sourceFrom common.ScreenID
	active     common.ScreenID
	status     *statusbar.Model
	help       help.Model

	chrome        chromeCache
	showHelp      bool
	width, height int
	isDark        bool
	noColor       bool
	fixedBg       bool         // Config.Background chose dark or light: the terminal's is ignored
	palette       theme.Adjust // Config.Palette
	version       string
	qQuits        bool // Config.QQuits

	// opener chooses the browser for o (Config.Opener).
	opener *opener.Opener
	// openURL, when set, replaces the platform's opener (tests).
	openURL func(string) error
	// cancel ends ctx.Lifetime, and with it every request, on quit.
	cancel context.CancelFunc
	boot   startup
	feeds  feedsState
	memory memoryState
	// unbuilt is the configuration of the screens not yet built (all but
	// the start screen and the reader), until buildScreens builds them.
	unbuilt *Config
}

// buildScreens builds the screens New left out. The program draws its
// first frame a tick period after it starts, whatever was done before
// that: screens built in New delayed it, built as the program starts
// (Init, or the first Update of a caller that skips Init) they are done
// within the tick. View draws the screen showing, which New built.
func (a *App) buildScreens() {
	cfg := a.unbuilt
	if cfg == nil {
		return
	}
	a.unbuilt = nil
	for _, d := range a.defs {
		if _, ok := a.screens[d.id]; !ok {
			a.screens[d.id] = d.build(a.ctx, *cfg)
		}
	}
}

// startup is how far start-up has gone: the first requests held for the
// first frame (firstframe.go), the hidden screens' first requests held
// for the start screen's first page (Init), and what to tell when it is
// over.
type startup struct {
	// held are the screens' first requests until the first frame is out;
	// frameArmed says the wait for it has started.
	held       []tea.Cmd
	frameArmed bool
	term       *Terminal // nil: no view of what is written
	eager      bool      // first requests go at once (Config.LocalService)
	// background are the first requests of the screens not showing at
	// start, sent once the screen showing has its first page (see Init).
	background []tea.Cmd
	start      common.ScreenID
	inited     bool   // Init has run: start-up has begun
	started    bool   // start-up is over (see startUp)
	onStarted  func() // Config.OnStarted
	hint       string // Config.Hint, shown by Init
	// probe is Config.ProbeMarks until it is asked; probing says its
	// answer is awaited, the first requests held until it comes.
	probe   func(context.Context) common.Marks
	probing bool
	// backgroundLimit bounds the background's wait for the frame of the
	// first page (backgroundFrameLimit; a test that asserts the order on a
	// loaded machine waits longer).
	backgroundLimit time.Duration
}

// New builds the UI. Nothing is fetched until the program runs Init.
func New(cfg Config) *App { return newApp(cfg, screens) }

// newApp builds the UI with the screens defs (tests add their own).
func newApp(cfg Config, defs []screenDef) *App {
	noColor := cfg.NoColor || os.Getenv("NO_COLOR") != ""
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	lifetime, cancel := context.WithCancel(context.Background())
	keys := cfg.Keys
	if keys == nil {
		keys = keymap.Default()
	}
	isDark := cfg.Background != theme.BackgroundLight // dark until the terminal says otherwise
	ctx := &common.Context{
		View: common.View{
			Styles:   theme.NewAdjusted(isDark, noColor, cfg.Palette),
			Keys:     keys,
			Now:      now,
			Location: cfg.Location,
		},
		Services: common.Services{
			Lifetime:     lifetime,
			Client:       cfg.Client,
			Dialect:      cfg.Dialect,
			PageSize:     cfg.PageSize,
			Demo:         cfg.Demo,
			Feeds:        cfg.Feeds,
			BaseURL:      cfg.BaseURL,
			FullText:     cfg.FullText,
			FullTextAuto: cfg.FullTextAuto,
			Marks:        cfg.Marks,
			State:        cfg.State,
		},
	}
	if r, ok := cfg.Client.(common.QuotaReporter); ok {
		ctx.Quota = r
	}
	a := &App{
		ctx:        ctx,
		defs:       defs,
		screens:    make(map[common.ScreenID]common.Screen, len(defs)),
		sourceFrom: common.Sources,
		status:     statusbar.New(&ctx.View),
		help:       help.New(),
		isDark:     isDark,
		noColor:    noColor,
		fixedBg:    cfg.Background != theme.BackgroundAuto,
		palette:    cfg.Palette,
		version:    cfg.Version,
		qQuits:     cfg.QQuits,
		opener:     cfg.Opener,
		cancel:     cancel,
		boot: startup{term: cfg.Terminal, eager: cfg.LocalService, onStarted: cfg.OnStarted, probe: cfg.ProbeMarks,
			hint: cfg.Hint, backgroundLimit: backgroundFrameLimit},
	}
	a.active = cfg.Screen
	if d, ok := a.def(a.active); !ok || d.nested {
		a.active = common.Headlines
	}
	a.boot.start = a.active
	for _, d := range defs {
		if d.id == a.active || d.id == common.Reader {
			a.screens[d.id] = d.build(ctx, cfg)
		}
	}
	a.unbuilt = &cfg
	a.reader, _ = a.screens[common.Reader].(*reader.Model)
	if a.reader == nil {
		a.reader = reader.New(ctx) // a registry without the reader: articles still open
		a.screens[common.Reader] = a.reader
	}
	a.help.Styles = ctx.Styles.Help
	if a.opener == nil {
		a.opener = opener.New("", "")
	}
	if cfg.Feeds != nil {
		a.feeds.updates = cfg.Feeds.Updates()
	}
	return a
}

// Init implements tea.Model: ask for the background colour and let every
// screen start loading.
//
// The screen showing goes first: its first request goes once the first
// frame, with its spinner, is on screen (firstframe.go), or at once to a
// service in this process. The other screens' first requests wait until
// it has its first page (or an error) and the frame showing it is out, or
// the user moves to another screen: at start-up they would only compete
// with it for the cores, the connection and the service (a page of 100
// sources to fetch, decode and clean while the first headlines are on
// their way or being drawn).
//
// In personal mode the root starts listening to the feed poller; the
// hint (Config.Hint), if any, shows from the first frame.
func (a *App) Init() tea.Cmd {
	a.buildScreens()
	b := &a.boot
	b.inited = true
	visible := a.screens[a.active].Init()
	for _, d := range a.defs {
		if d.id != a.active {
			b.background = append(b.background, a.screens[d.id].Init())
		}
	}
	// The memory loads with the hidden screens, once the screen showing
	// has its first page: nothing on the start-up path waits for the disk.
	b.background = append(b.background, a.loadMemory())
	extras := tea.Batch(a.startFeeds(b.hint), a.shown(a.active))
	if b.eager {
		return tea.Batch(tea.RequestBackgroundColor, extras, visible)
	}
	return tea.Batch(tea.RequestBackgroundColor, extras, a.holdFirstRequests([]tea.Cmd{visible}))
}

// startUp ends start-up once the start screen has stopped loading (its
// first page or an error is in) or is no longer showing: it tells
// Config.OnStarted and sends the hidden screens' first requests (Init),
// once the frame drawn from that page is out when the App can see the
// terminal's writes (Config.Terminal). Later calls do nothing.
func (a *App) startUp() tea.Cmd {
	b := &a.boot
	if !b.inited || b.started {
		return nil
	}
	if s, ok := a.screens[a.active]; ok && a.active == b.start && s.Loading() {
		return nil
	}
	b.started = true
	if b.onStarted != nil {
		b.onStarted()
	}
	if b.term != nil && len(b.background) > 0 {
		// The frame with the first page is drawn at the next tick: the
		// hidden screens' requests and the memory's disk reads would
		// share the two cores with drawing it (firstframe.go).
		return afterWriteSend(b.term.nextWrite(minFrameBytes), b.backgroundLimit, backgroundDueMsg{})
	}
	return a.releaseBackground()
}

// releaseBackground sends the hidden screens' first requests and the
// memory's load (Init); later calls do nothing.
func (a *App) releaseBackground() tea.Cmd {
	cmds := a.boot.background
	a.boot.background = nil
	return tea.Batch(cmds...)
}

// Active is the screen showing.
func (a *App) Active() common.ScreenID { return a.active }

// View implements tea.Model.
func (a *App) View() tea.View {
	v := tea.NewView(a.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "tidings"
	return v
}

// current is the screen receiving keys.
func (a *App) current() common.Screen { return a.screens[a.active] }
