package ui

import (
	"context"
	"strconv"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"tidings/ui/common"
	"tidings/wording"
)

// Personal mode: the reader shows the user's own catalogue while a feed
// poller (Config.Feeds) refreshes it in the background. The root listens
// to the poller's status, says in the status bar how the feeds stand, and
// reloads the headlines when a pass the user asked for (r) brought new
// articles. A pass the user did not ask for never reloads the list under
// the cursor; a note offers r instead.

// Times personal-mode notes stay: long enough to read a sentence that
// asks for a key or names a command, where the status bar's usual 4 s
// is for a glance.
const (
	feedsNoteTTL = 10 * time.Second
	// hintTTL keeps Config.Hint for 15 s whatever the user presses: the
	// first keys are usually j and k, and a hint gone at the first of
	// them would be gone before it is read. A newer note replaces it.
	hintTTL = 15 * time.Second
)

// feedsStatusMsg is one status received from Feeds.Updates.
type feedsStatusMsg struct{ status common.FeedsStatus }

// feedsTickMsg redraws the age of the last update; gen tells the current
// chain of ticks from a superseded one, which then ends.
type feedsTickMsg struct{ gen int }

// feedsState is how the root sees the poller.
type feedsState struct {
	updates <-chan common.FeedsStatus // nil: not personal mode
	status  common.FeedsStatus
	known   bool // a status has arrived
	// asked: the user pressed r and the pass it asked for has not ended.
	asked bool
	// pending counts articles that background passes changed while the
	// asked pass waited for them to finish: the list reloaded at r
	// before they were written, so the asked pass's end loads them too.
	pending int
	// offered counts the articles background passes (and other
	// processes) brought that the user was offered ("press r") and has
	// not loaded: r on Headlines loads them with the list, so the end of
	// the pass it asks for counts them too.
	offered int
	// failNote is the status bar generation of the note that named the
	// failing feeds at an asked pass's end: while it shows, the right
	// side does not count them again.
	failNote int
	// The chain of minute ticks running, if any: its generation, and its
	// context, cancelled when a new chain replaces it.
	tickGen    int
	tickCtx    context.Context
	tickCancel context.CancelFunc
}

// listenFeeds receives one status, the way glow listens to a channel:
// the handler issues the command again for the next one. It returns
// nil, ending the listening, when the reader quits (ctx) or the channel
// is closed, so it never leaves a goroutine blocked behind the program.
func listenFeeds(ctx context.Context, updates <-chan common.FeedsStatus) tea.Cmd {
	return func() tea.Msg {
		select {
		case s, ok := <-updates:
			if !ok {
				return nil
			}
			return feedsStatusMsg{status: s}
		case <-ctx.Done():
			return nil
		}
	}
}

// startFeeds is Init's share of personal mode and of the hint: start
// listening, and show the hint.
func (a *App) startFeeds(hint string) tea.Cmd {
	var cmds []tea.Cmd
	if a.feeds.updates != nil {
		cmds = append(cmds, listenFeeds(a.ctx.Parent(), a.feeds.updates))
	}
	if hint != "" {
		cmds = append(cmds, a.status.ShowFor(hint, common.LevelInfo, hintTTL))
	}
	return tea.Batch(cmds...)
}

// refreshFeeds asks the poller for a pass over every feed. Refresh does
// not block, but it is the poller's business, so it runs in a command.
func (a *App) refreshFeeds() tea.Cmd {
	feeds := a.ctx.Feeds
	if feeds == nil {
		return nil
	}
	a.feeds.asked = true
	return func() tea.Msg {
		feeds.Refresh()
		return nil
	}
}

// handleFeedsStatus takes in a status and listens for the next one.
func (a *App) handleFeedsStatus(s common.FeedsStatus) tea.Cmd {
	f := &a.feeds
	prev, hadPrev := f.status, f.known
	f.status, f.known = s, true
	cmds := []tea.Cmd{listenFeeds(a.ctx.Parent(), f.updates)}
	if !s.Refreshing && s.Note == "" {
		cmds = append(cmds, a.broadcast(common.FeedsPolledMsg{})) // the Feeds screen reads its list again
	}
	if f.tickCancel == nil || !hadPrev || !s.Updated.Equal(prev.Updated) {
		cmds = append(cmds, a.restartFeedsTick())
	}
	if s.Note != "" {
		// How polling changed (the settings file was edited): no pass
		// ended, whatever the status says of the last one.
		f.status.Note = ""
		return tea.Batch(append(cmds, a.status.ShowFor(s.Note, common.LevelInfo, feedsNoteTTL))...)
	}
	// Only the latest status is kept for a slow reader, so the end of the
	// asked pass may come as a later pass's status: a status that follows
	// a running asked pass ends it all the same, or "updating feeds…"
	// would stay until the next r.
	switch {
	case s.Refreshing:
		// The asked pass has started; feedsText says so.
	case s.Requested || (f.asked && hadPrev && prev.Refreshing):
		cmds = append(cmds, a.askedPassEnded(s))
	case s.Changed > 0 && f.asked:
		f.pending += s.Changed
	case s.Changed > 0 && a.headlinesEmpty():
		// Nothing to keep the cursor on (the first articles of a new
		// catalogue): show them.
		cmds = append(cmds, a.screens[common.Headlines].Update(common.ReloadMsg{}))
	case s.Changed > 0:
		f.offered += s.Changed
		text := wording.Count(f.offered, "new article", "new articles") + " — " + a.loadHint(f.offered)
		cmds = append(cmds, a.status.ShowFor(text, common.LevelInfo, feedsNoteTTL))
	}
	return tea.Batch(cmds...)
}

// askedPassEnded reports the end of the pass the user asked for and
// reloads the headlines if it changed anything, unless the user is
// reading an article from them: stepping with n and p follows the list's
// cursor, which a reload would send back to the top. What it counts is
// what the list gains: the pass's articles, those of background passes
// that ended while it waited, and those offered before r and loaded by
// it. Failing feeds are named, once: the right side leaves them out
// while the note shows.
func (a *App) askedPassEnded(s common.FeedsStatus) tea.Cmd {
	f := &a.feeds
	changed := s.Changed + f.pending + f.offered
	f.asked, f.pending, f.offered = false, 0, 0
	text := "Feeds updated: nothing new"
	if changed > 0 {
		text = "Feeds updated: " + wording.Count(changed, "new or changed article", "new or changed articles")
	}
	level := common.LevelSuccess
	if s.Failing > 0 {
		text += "; " + failingNamed(s.Failing, s.FailingNames)
		level = common.LevelWarning
	}
	var reload tea.Cmd
	if changed > 0 {
		if a.active == common.Reader && a.reader.Origin() == common.Headlines {
			text += " — " + a.loadHint(changed)
			f.offered = changed // still to load, with r
		} else {
			reload = a.screens[common.Headlines].Update(common.ReloadMsg{})
		}
	}
	note := a.status.ShowFor(text, level, feedsNoteTTL)
	f.failNote = -1
	if s.Failing > 0 {
		f.failNote = a.status.Gen()
	}
	return tea.Batch(reload, note)
}

// headlinesEmpty reports whether Headlines shows no article and is not
// loading one.
func (a *App) headlinesEmpty() bool {
	h, ok := a.screens[common.Headlines].(interface{ Empty() bool })
	return ok && h.Empty()
}

// loadHint says how to load n new articles from where the user is.
func (a *App) loadHint(n int) string {
	them := wording.Noun(n, "it", "them")
	if a.active == common.Headlines {
		return "press r to load " + them
	}
	return "press r on Headlines to load " + them
}

// restartFeedsTick starts a chain of ticks that keeps "updated 4m ago"
// true while nothing else happens, and ends the chain running before it.
// The first tick comes when the age reaches its next whole minute, the
// others a minute apart, so the text changes on time and the program
// wakes once a minute at most. Without a time to show (never fetched),
// nothing ticks.
func (a *App) restartFeedsTick() tea.Cmd {
	f := &a.feeds
	f.tickGen++
	if f.tickCancel != nil {
		f.tickCancel()
		f.tickCtx, f.tickCancel = nil, nil
	}
	updated := f.status.Updated
	if updated.IsZero() {
		return nil
	}
	d := time.Minute
	if age := a.ctx.Clock().Sub(updated); age > 0 {
		d -= age % time.Minute
	}
	f.tickCtx, f.tickCancel = context.WithCancel(a.ctx.Parent())
	return feedsTick(f.tickCtx, d, f.tickGen)
}

// handleFeedsTick redraws (every message does) and arms the next tick of
// the current chain. A tick of an ended chain that was already on its way
// is dropped.
func (a *App) handleFeedsTick(msg feedsTickMsg) tea.Cmd {
	f := &a.feeds
	if msg.gen != f.tickGen || f.tickCancel == nil {
		return nil
	}
	return feedsTick(f.tickCtx, time.Minute, msg.gen)
}

// feedsTick is tea.Tick that ends early, without a message, when ctx
// does: when its chain is replaced, or the reader quits (ctx derives from
// Context.Lifetime), so no timer outlives the program by up to a minute.
func feedsTick(ctx context.Context, d time.Duration, gen int) tea.Cmd {
	t := time.NewTimer(d)
	return func() tea.Msg {
		select {
		case <-t.C:
			return feedsTickMsg{gen: gen}
		case <-ctx.Done():
			t.Stop()
			return nil
		}
	}
}

// feedsText is the status bar's personal-mode part: "updated 4m ago · 2
// feeds failing", "updating feeds…" while an asked pass runs, "no feed
// fetched yet". It is empty outside personal mode and until the poller's
// first status.
func (a *App) feedsText(named bool) string {
	f := &a.feeds
	switch {
	case a.ctx.Feeds == nil:
		return ""
	case f.asked || f.status.Refreshing:
		return "updating feeds…"
	case !f.known:
		return ""
	}
	text := "no feed fetched yet"
	if !f.status.Updated.IsZero() {
		text = "updated " + common.RelativeTime(a.ctx.Clock(), f.status.Updated)
	}
	if f.status.Failing > 0 && !a.failingNamedInNote() {
		which := failing(f.status.Failing)
		if named {
			which = failingNamed(f.status.Failing, f.status.FailingNames)
		}
		text += " · " + which + a.feedsPointer()
	}
	return text
}

// feedsPointer points from the failing feeds to the Feeds screen, where
// they are listed with their errors: ": press 5", unless that is where
// the user is (or its key is unbound).
func (a *App) feedsPointer() string {
	k := a.ctx.Keys.Global.Feeds.Help().Key
	if a.active == common.FeedsScreen || k == "" {
		return ""
	}
	return ": press " + k
}

// statusRight is the status bar's right part: the screen's progress,
// then the feeds' state, naming the failing feeds where that fits and
// counting them where it does not.
func (a *App) statusRight() string {
	if r := a.statusRightWith(true); ansi.StringWidth(r)+2 <= a.width {
		return r
	}
	return a.statusRightWith(false)
}

func (a *App) statusRightWith(named bool) string {
	right, feeds := a.current().Status(), a.feedsText(named)
	if quota := a.ctx.QuotaText(); quota != "" {
		// A low quota first: it explains why the list waits for ↓.
		right = joinStatus(quota, right)
	}
	switch {
	case feeds == "":
		return right
	case right == "":
		return feeds
	}
	return right + " · " + feeds
}

// joinStatus joins two parts of the status bar's right side, either of
// which may be empty.
func joinStatus(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + " · " + b
}

func failing(n int) string { return wording.Count(n, "feed", "feeds") + " failing" }

// failingNoteName is the most of a feed's name the status bar's note
// gives it: the note must leave room for the list's progress.
const failingNoteName = 24

// failingNamed says which feeds fail: `"Thames Wire" failing`, `"A" and
// "B" failing`, `"A" and 3 other feeds failing`; without names, how many.
func failingNamed(n int, names []string) string {
	if len(names) == 0 {
		return failing(n)
	}
	quote := func(name string) string { return strconv.Quote(ansi.Truncate(name, failingNoteName, "…")) }
	switch {
	case n == 1:
		return quote(names[0]) + " failing"
	case n == 2 && len(names) >= 2:
		return quote(names[0]) + " and " + quote(names[1]) + " failing"
	}
	return quote(names[0]) + " and " + wording.Count(n-1, "other feed", "other feeds") + " failing"
}

// failingNamedInNote reports whether the note showing is the one that
// named the failing feeds.
func (a *App) failingNamedInNote() bool {
	return a.feeds.failNote == a.status.Gen() && a.status.Text() != ""
}
