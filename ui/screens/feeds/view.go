package feeds

import (
	"fmt"
	"strings"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"tidings/model"
	"tidings/ui/common"
	"tidings/ui/textsafe"
	"tidings/ui/theme"
	"tidings/wording"
)

// Layout: a summary line and the column heads above the rows, and the
// selected feed's details below them when the screen is tall enough.
const (
	headerLines  = 2
	detailLines  = 4 // a rule and three lines
	detailHeight = 12
	stateColumn  = 12 // "✗ failing", "↻ refreshing…"
	countColumn  = 8
	timeColumn   = 10
	// errorWidth is the width from which the last error has a column.
	errorWidth = 120
)

// rows is how many feeds fit.
func (m *Model) rows() int {
	r := m.height - headerLines
	if m.height >= detailHeight {
		r -= detailLines
	}
	return max(r, 0)
}

// View implements common.Screen: exactly the content area.
func (m *Model) View() string {
	lines := strings.Split(m.view(), "\n")
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, m.width, "…")
	}
	for len(lines) < m.height {
		lines = append(lines, "")
	}
	return strings.Join(lines[:max(m.height, 0)], "\n")
}

func (m *Model) view() string {
	s := m.ctx.Styles
	switch {
	case m.origin == originNone || (m.err != nil && isNoFeeds(m.err)):
		return s.List.Empty.Render(" This service lists no feeds: feeds belong to tidings catalogues " +
			"(personal mode, and tidings serve --db).")
	case m.err != nil && len(m.feeds) == 0:
		title, hint := common.Explain(m.err, m.ctx.BaseURL)
		return s.List.ErrorTitle.Render(" ✗ "+title) + "\n " + s.List.ErrorHint.Render(hint)
	case !m.loaded:
		return s.List.Empty.Render(" Loading feeds…")
	case len(m.feeds) == 0:
		return m.emptyView()
	}
	lines := []string{m.summary(), m.columnHeads()}
	end := min(m.offset+m.rows(), len(m.feeds))
	for i := m.offset; i < end; i++ {
		lines = append(lines, m.row(m.feeds[i], i == m.cursor))
	}
	if m.height >= detailHeight {
		for len(lines) < m.height-detailLines {
			lines = append(lines, "")
		}
		lines = append(lines, m.details()...)
	}
	return strings.Join(lines, "\n")
}

// emptyView says the catalogue has no feeds and how to add one.
func (m *Model) emptyView() string {
	s := m.ctx.Styles.List
	if m.ctx.Demo {
		return s.Empty.Render(" The demo's catalogue has no feeds. Read your own: add one from a terminal,") + "\n\n   " +
			s.Title.Render("tidings feeds add URL") + "\n   " + s.Title.Render("tidings feeds import --starter") +
			"\n\n " + s.Empty.Render("then run tidings: it reads and polls them.")
	}
	if m.origin == originRemote {
		return s.Empty.Render(" This catalogue has no feeds. They are added on the service's machine:") + "\n\n   " +
			s.Title.Render("tidings feeds add URL")
	}
	return s.Empty.Render(" No feeds yet. Add one from a terminal:") + "\n\n   " +
		s.Title.Render("tidings feeds add URL") + "\n   " + s.Title.Render("tidings feeds import FILE.opml") +
		"\n\n " + s.Empty.Render("It shows here at the next refresh.")
}

// summary is the line above the list: how many feeds, and how many need
// the user.
func (m *Model) summary() string {
	var failing, off int
	for _, f := range m.feeds {
		switch f.State() {
		case model.FeedFailing:
			failing++
		case model.FeedDisabled:
			off++
		}
	}
	parts := []string{wording.Count(len(m.feeds), "feed", "feeds")}
	if failing > 0 {
		parts = append(parts, wording.Thousands(failing)+" failing")
	}
	if off > 0 {
		parts = append(parts, wording.Thousands(off)+" disabled")
	}
	if m.origin == originRemote {
		parts = append(parts, "managed on the server")
	}
	return m.ctx.Styles.List.Section.Render(ansi.Truncate(" "+strings.Join(parts, " · "), m.width, "…"))
}

// widths are the name's and the error's columns at the screen's width.
func (m *Model) widths() (name, errCol int) {
	rest := m.width - 2 - stateColumn - countColumn - 2*timeColumn - 4
	if m.width < errorWidth {
		return max(rest, 8), 0
	}
	name = min(rest/2, 40)
	return name, rest - name - 2
}

func (m *Model) columnHeads() string {
	name, errCol := m.widths()
	count := "Articles"
	if m.unread != nil {
		count = "Unread"
	}
	line := "  " + pad("Status", stateColumn) + pad("Feed", name) + " " + padLeft(count, countColumn) + "  " +
		pad("Last fetch", timeColumn) + " " + pad("Next poll", timeColumn)
	if errCol > 0 {
		line += "  " + "Last error"
	}
	return m.ctx.Styles.List.Meta.Render(ansi.Truncate(line, m.width, ""))
}

// row draws one feed: its state, name, count, last success, next poll
// and, on wide terminals, its last error.
func (m *Model) row(f model.FeedStatus, selected bool) string {
	s := m.ctx.Styles
	name, errCol := m.widths()
	prefix, nameStyle := "  ", s.List.Title
	if selected {
		prefix, nameStyle = s.List.Marker.Render(theme.Marker)+" ", s.List.TitleSelected
	}
	count, countStyle := wording.Thousands(f.Articles), s.List.Meta
	if m.unread != nil {
		n := m.unread[f.ID]
		count = wording.Thousands(n)
		if n > 0 {
			countStyle = s.List.New
		}
	}
	now := m.ctx.Clock()
	line := prefix + m.stateCell(f) + nameStyle.Render(pad(feedName(f), name)) + " " +
		countStyle.Render(padLeft(count, countColumn)) + "  " +
		s.List.Meta.Render(pad(lastFetch(now, f), timeColumn)+" "+pad(nextPoll(now, f), timeColumn))
	if errCol > 0 && f.LastError != "" {
		line += "  " + s.List.ErrorHint.Render(pad(textsafe.Line(f.LastError), errCol))
	}
	return ansi.Truncate(line, m.width, "…")
}

// stateCell is the state column: a mark and a word (not colour alone),
// or what is being done to the feed.
func (m *Model) stateCell(f model.FeedStatus) string {
	s := m.ctx.Styles
	if b := m.busy[f.ID]; b != "" {
		return s.List.Meta.Render(pad("↻ "+b, stateColumn))
	}
	switch f.State() {
	case model.FeedFailing:
		return s.List.ErrorTitle.Render(pad("✗ failing", stateColumn))
	case model.FeedDisabled:
		return s.Status.Warning.Render(pad("– disabled", stateColumn))
	case model.FeedNew:
		return s.List.Meta.Render(pad("· new", stateColumn))
	}
	return s.Status.Success.Render(pad("✓ ok", stateColumn))
}

// details are the selected feed's lines below the list: its address, its
// last poll in full, and its counts.
func (m *Model) details() []string {
	s := m.ctx.Styles
	rule := s.Reader.Rule.Render(strings.Repeat("─", max(m.width, 0)))
	f, ok := m.selected()
	if !ok {
		return []string{rule, "", "", ""}
	}
	now := m.ctx.Clock()
	fit := func(t string) string { return ansi.Truncate(t, m.width, "…") }
	first := " " + s.Reader.Title.Render(feedName(f)) + s.List.Meta.Render(" · "+textsafe.Line(f.URL))
	var poll string
	switch f.State() {
	case model.FeedDisabled:
		poll = s.Status.Warning.Render(" Not polled: " + textsafe.Line(f.Disabled))
		if m.origin == originLocal {
			poll += s.List.Meta.Render(" (" + m.ctx.Keys.Feeds.Toggle.Help().Key + " enables it)")
		}
	case model.FeedFailing:
		poll = s.List.ErrorTitle.Render(" Failing ("+wording.Count(max(f.Failures, 1), "poll", "polls")+" in a row): ") +
			s.List.ErrorHint.Render(textsafe.Line(f.LastError))
	case model.FeedNew:
		poll = s.List.Meta.Render(" Not polled yet.")
	default:
		poll = s.List.Meta.Render(" Last fetched " + common.RelativeTime(now, f.LastSuccess) + ", without error.")
	}
	counts := []string{wording.Count(f.Articles, "article", "articles")}
	if m.unread != nil {
		counts = append(counts, wording.Thousands(m.unread[f.ID])+" unread")
	}
	if np := nextPoll(now, f); np != "off" {
		counts = append(counts, "next poll "+np)
	}
	third := s.List.Meta.Render(" " + strings.Join(counts, " · "))
	return []string{rule, fit(first), fit(poll), fit(third)}
}

// Status implements common.Screen: the position in the list.
func (m *Model) Status() string {
	if len(m.feeds) == 0 {
		return ""
	}
	return wording.Thousands(m.cursor+1) + "/" + wording.Thousands(len(m.feeds))
}

func feedName(f model.FeedStatus) string {
	if n := textsafe.Line(f.Name); n != "" {
		return n
	}
	return textsafe.Line(f.ID)
}

// lastFetch is when the feed was last fetched successfully.
func lastFetch(now time.Time, f model.FeedStatus) string {
	if f.LastSuccess.IsZero() {
		return "never"
	}
	return common.RelativeTime(now, f.LastSuccess)
}

// nextPoll is when the feed is next due: "in 26m", "due", "off".
func nextPoll(now time.Time, f model.FeedStatus) string {
	if f.Disabled != "" {
		return "off"
	}
	d := f.NextPoll.Sub(now)
	switch {
	case f.NextPoll.IsZero() || d <= 0:
		return "due"
	case d < time.Minute:
		return "in <1m"
	case d < time.Hour:
		return fmt.Sprintf("in %dm", int(d/time.Minute))
	case d < 48*time.Hour:
		return fmt.Sprintf("in %dh", int(d/time.Hour))
	}
	return fmt.Sprintf("in %dd", int(d/(24*time.Hour)))
}

// pad cuts or pads s to w cells.
func pad(s string, w int) string {
	if w <= 0 {
		return ""
	}
	s = ansi.Truncate(s, w, "…")
	return s + strings.Repeat(" ", max(w-lipgloss.Width(s), 0))
}

func padLeft(s string, w int) string {
	s = ansi.Truncate(s, w, "…")
	return strings.Repeat(" ", max(w-lipgloss.Width(s), 0)) + s
}
