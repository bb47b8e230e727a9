package pagedlist

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// rowCache holds rendered rows, split into lines. It is valid for one
// width, theme generation and minute (rows show relative times); any
// change empties it.
type rowCache struct {
	width, themeGen, marksGen int
	minute                    int64
	rows                      map[rowKey][]string
}

type rowKey struct {
	item     int
	selected bool
}

func (c *rowCache) clear() { c.rows = nil }

// validate drops the cached rows when anything they show may have
// changed: the width, the theme, the minute (relative times) or the marks
// (read, saved: rarely, once per article opened or saved).
func (c *rowCache) validate(width, themeGen, marksGen int, now time.Time) {
	minute := now.Unix() / 60
	if c.rows == nil || c.width != width || c.themeGen != themeGen || c.marksGen != marksGen || c.minute != minute {
		c.rows = map[rowKey][]string{}
		c.width, c.themeGen, c.marksGen, c.minute = width, themeGen, marksGen, minute
	}
}

// View renders exactly the list's height in lines, none wider than its
// width. Only visible rows are drawn.
func (m *Model[T]) View() string {
	lines := make([]string, 0, m.height)
	firstUncached := 0 // lines before this are cached rows
	if m.Len() == 0 {
		lines = m.bodyState(lines)
	} else {
		m.cache.validate(m.width, m.ctx.ThemeGen, m.ctx.MarksGen(), m.ctx.Clock())
		rh, rows := m.rowHeight(), m.visibleRows()
		last := min(m.offset+rows, m.Len())
		for pos := m.offset; pos < last; pos++ {
			lines = append(lines, m.row(pos, rh)...)
		}
		firstUncached = len(lines)
		if last == m.Len() {
			if f := m.footer(); f != "" {
				lines = append(lines, f)
			}
		}
	}
	for len(lines) < m.height {
		lines = append(lines, "")
	}
	lines = lines[:m.height]
	if m.opts.pad {
		m.padFrom(lines, firstUncached)
	}
	return strings.Join(lines, "\n")
}

// padFrom fills lines[from:] to the list's width; rows before from come
// padded from the cache.
func (m *Model[T]) padFrom(lines []string, from int) {
	for i := from; i < len(lines); i++ {
		if w := ansi.StringWidth(lines[i]); w < m.width {
			lines[i] += strings.Repeat(" ", m.width-w)
		}
	}
}

// row returns the lines of the row at pos, from the cache when possible.
func (m *Model[T]) row(pos, rh int) []string {
	i, _ := m.itemIndex(pos)
	k := rowKey{item: i, selected: pos == m.cursor}
	if r, ok := m.cache.rows[k]; ok {
		return r
	}
	out := strings.Split(m.render(m.items.At(i), m.width, k.selected, m.ctx.Styles), "\n")
	if len(out) > rh {
		out = out[:rh]
	}
	for len(out) < rh {
		out = append(out, "")
	}
	for j := range out {
		out[j] = ansi.Truncate(out[j], m.width, "…")
	}
	if m.opts.pad {
		m.padFrom(out, 0)
	}
	m.cache.rows[k] = out
	return out
}

// footer is the row under the last item: loading, retry, countdown or
// end of results.
func (m *Model[T]) footer() string {
	s := m.ctx.Styles.List
	var text string
	switch {
	case m.Loading():
		m.spinner.Style = s.Spinner
		text = m.spinner.View() + " " + s.Footer.Render("Loading more…")
	case m.retryIn > 0:
		text = s.Footer.Render(fmt.Sprintf("Retrying in %ds (r: now) · ", m.retryIn)) + s.ErrorTitle.Render(m.errTitle)
	case m.err != nil:
		text = s.ErrorTitle.Render("✗ r to retry") + s.Footer.Render(" · "+m.errTitle)
	case m.QuotaHeld():
		// Short: the list may be narrow, and the status bar gives the count.
		text = s.Footer.Render("↓ for more · saving the last requests")
	case m.endNote != "":
		// The reason first: on a narrow list the count is what gets cut.
		text = s.Footer.Render(m.endNote + " · End of results · " + m.opts.count(m.items.Len()))
	case m.replaced:
	case !m.hasMore:
		text = s.Footer.Render("End of results · " + m.opts.count(m.items.Len()))
	}
	if text == "" {
		return ""
	}
	return ansi.Truncate("  "+text, m.width, "…")
}

// bodyState draws an empty list: loading, an explained error, or "no
// results".
func (m *Model[T]) bodyState(lines []string) []string {
	s := m.ctx.Styles.List
	add := func(text string) { lines = append(lines, ansi.Truncate(text, m.width, "…")) }
	lines = append(lines, "")
	switch {
	case m.fetch == nil && !m.replaced:
	case m.Loading():
		m.spinner.Style = s.Spinner
		add("  " + m.spinner.View() + " " + s.Footer.Render(m.opts.loading))
	case m.err != nil:
		add("  " + s.ErrorTitle.Render(m.errTitle))
		for _, l := range wrap(m.errHint, m.width-4) {
			add("  " + s.ErrorHint.Render(l))
		}
		if m.retryIn > 0 {
			lines = append(lines, "")
			add("  " + s.Footer.Render(fmt.Sprintf("Retrying in %ds… (r to retry now)", m.retryIn)))
		}
	case m.filter != nil && m.items.Len() > 0:
		add("  " + s.Empty.Render("Nothing matches the filter."))
	case m.endNote != "":
		add("  " + s.Empty.Render(m.endNote))
	default:
		add("  " + s.Empty.Render(m.opts.empty()))
	}
	return lines
}

// wrap breaks plain text at spaces to width cells.
func wrap(text string, width int) []string {
	if width < 10 {
		width = 10
	}
	return strings.Split(ansi.Wordwrap(text, width, ""), "\n")
}
