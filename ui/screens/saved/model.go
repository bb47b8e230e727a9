// Package saved is the Saved screen: the watched searches, each with how
// many articles are new since it was last opened, above the saved
// articles, newest saved first, in the same list as the headlines.
//
// Everything here comes from Context.State, read and written inside
// commands only; the watches' counts come from the service, a few at a
// time, each round with its own id so that a late answer of an earlier
// round is dropped. Counting costs one request per watch, so it runs when
// the screen is shown (and on r), not at start-up: a plan with a hundred
// requests a day is not spent on a screen nobody looked at.
package saved

import (
	"context"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"tidings/extract"
	"tidings/state"
	"tidings/ui/common"
	"tidings/ui/components/articlelist"
	"tidings/ui/components/articles"
	"tidings/ui/components/pagedlist"
	"tidings/wording"
)

// Counting: at most countWorkers requests at once, and counts older than
// countTTL are taken again when the screen is shown.
const (
	countWorkers = 3
	countTTL     = 5 * time.Minute
)

type focusArea int

const (
	focusArticles focusArea = iota
	focusWatches
)

// watchRow is a watch and how its count stands.
type watchRow struct {
	w        state.Watch
	checking bool
	counted  bool
	n        int
	err      string // why the count failed, in plain words
}

// Model is the Saved screen. It implements common.Screen.
type Model struct {
	ctx *common.Context
	// al is the saved articles with their keys; list is its paged list.
	al   *articlelist.Model
	list *pagedlist.Model[articles.Item]
	full map[string]*extract.Article // full texts kept with saved articles, by key
	// local is the articles saved here; starred the service's starred
	// ones (starred.go), asked for in round starredGen.
	local      []articles.Item
	starred    []articles.Item
	starredGen int

	loaded   bool   // the saved articles have been read once
	loadErr  string // why they could not be read
	loadGen  int
	watches  []watchRow
	wLoaded  bool
	wLoadGen int
	wcursor  int
	woffset  int
	focus    focusArea
	confirm  string // the watch whose deletion waits for Confirm; "" for none

	// Counting rounds: round tells their answers apart; queue is the
	// watches still to count in this one; cancel ends its requests.
	round     int
	queue     []string
	inFlight  int
	roundCtx  context.Context
	cancel    context.CancelFunc
	countedAt time.Time
	shown     bool // the screen has been shown: watches that load are counted
	// changed: the saved articles were reloaded since the screen was last
	// shown; it then opens on the newest.
	changed bool

	width, height int
}

// New makes the screen; nothing is read until Init.
func New(ctx *common.Context) *Model {
	m := &Model{ctx: ctx}
	m.al = articlelist.New(ctx, common.Saved, "saved article",
		articlelist.WithoutPreview(), articlelist.WithUnsaveOnly(), articlelist.WithFullText(m.fullOf),
		articlelist.WithListOptions(
			pagedlist.WithNoun("saved article", "saved articles"),
			pagedlist.WithEmptyText(func() string {
				return "No saved articles yet: b saves the selected article on any list or in the reader."
			})))
	m.list = m.al.List()
	return m
}

func (m *Model) fullOf(it articles.Item) *extract.Article { return m.full[articles.Key(it)] }

// Init implements common.Screen: it reads the saved articles and the
// watches (from the state file, in commands).
func (m *Model) Init() tea.Cmd {
	if m.ctx.State == nil {
		return nil
	}
	return tea.Batch(m.loadSaved(), m.loadWatches(), m.loadStarred())
}

// Shown tells the screen it is showing: the watches are counted when
// their counts are missing or old (or as soon as they load).
func (m *Model) Shown() tea.Cmd {
	if m.ctx.State == nil {
		return nil
	}
	m.shown = true
	if m.changed {
		m.changed = false
		m.list.Move(-m.list.Cursor())
	}
	if m.wLoaded && (m.countedAt.IsZero() || m.ctx.Clock().Sub(m.countedAt) > countTTL) {
		return m.countAll()
	}
	return nil
}

// Title implements common.Screen.
func (m *Model) Title() string { return common.Saved.String() }

// Status implements common.Screen.
func (m *Model) Status() string {
	if m.ctx.State == nil || !m.loaded {
		return ""
	}
	counts := wording.Count(m.list.Loaded(), "saved article", "saved articles") + " · " +
		wording.Count(len(m.watches), "watch", "watches")
	// Where the cursor is, in the section that has it ("3/12").
	switch {
	case m.focus == focusWatches && len(m.watches) > 0:
		return wording.Thousands(m.wcursor+1) + "/" + wording.Thousands(len(m.watches)) + " · " + counts
	case m.focus == focusArticles && m.list.Len() > 0:
		return m.list.Position() + " · " + counts
	}
	return counts
}

// CapturesInput implements common.Screen: a deletion waiting for its
// answer takes the next key.
func (m *Model) CapturesInput() bool { return m.confirm != "" || m.al.Confirming() }

// Loading implements common.Screen.
func (m *Model) Loading() bool { return m.ctx.State != nil && !m.loaded }

// ListSnapshot is the state of the screen's list, for invariant checks.
func (m *Model) ListSnapshot() pagedlist.Snapshot { return m.list.Snapshot() }

// ShortHelp implements common.Screen.
func (m *Model) ShortHelp() []key.Binding {
	k := m.ctx.Keys
	if m.al.Confirming() {
		return []key.Binding{k.MarkAll.Confirm, k.Global.ForceQuit}
	}
	if m.confirm != "" {
		return []key.Binding{k.Saved.Confirm, k.Global.ForceQuit}
	}
	if m.focus == focusWatches {
		return append([]key.Binding{k.List.Down, k.List.Up, m.openWatchKey(), k.Saved.Delete, m.sectionKey(), m.recountKey()}, k.Global.Short()...)
	}
	return append([]key.Binding{k.List.Down, k.List.Up, k.List.Open, k.List.OpenBrowser, m.unsaveKey(), m.sectionKey()}, k.Global.Short()...)
}

// FullHelp implements common.Screen.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.ctx.Keys
	if m.al.Confirming() {
		return [][]key.Binding{{k.MarkAll.Confirm, k.Global.ForceQuit}}
	}
	if m.confirm != "" {
		return [][]key.Binding{{k.Saved.Confirm, k.Global.ForceQuit}}
	}
	l := k.List
	return [][]key.Binding{
		{l.Up, l.Down, l.PageUp, l.PageDown, l.Top, l.Bottom},
		{l.Open, l.OpenBrowser, l.CopyLink, m.unsaveKey(), m.recountKey()},
		{l.ToggleRead, l.MarkAllRead, l.UnreadOnly},
		{m.sectionKey(), m.openWatchKey(), k.Saved.Delete},
		k.Global.Full(),
	}
}

func reword(b key.Binding, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(b.Help().Key, desc))
}

func (m *Model) unsaveKey() key.Binding    { return reword(m.ctx.Keys.List.Save, "unsave") }
func (m *Model) openWatchKey() key.Binding { return reword(m.ctx.Keys.List.Open, "run watch") }
func (m *Model) recountKey() key.Binding   { return reword(m.ctx.Keys.List.Refresh, "reload/recount") }
func (m *Model) sectionKey() key.Binding {
	if m.focus == focusWatches {
		return reword(m.ctx.Keys.Saved.Section, "to articles")
	}
	return reword(m.ctx.Keys.Saved.Section, "to watches")
}
