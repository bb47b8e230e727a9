package cli

import (
	"fmt"
	"io"
	"os"

	"charm.land/bubbles/v2/progress"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/term"

	"tidings/feeds"
	"tidings/wording"
)

// refreshReport shows a polling pass as it goes: a progress bar on a
// terminal, with failures printed above it; a plain line per feed
// otherwise (a log, a pipe, cron).
type refreshReport struct {
	w        io.Writer
	terminal bool
	bar      progress.Model
	total    int
	finished int
}

func newRefreshReport(w io.Writer) *refreshReport {
	r := &refreshReport{w: w}
	if f, ok := w.(*os.File); ok && term.IsTerminal(f.Fd()) {
		r.terminal = true
		r.bar = progress.New(progress.WithDefaultBlend(), progress.WithWidth(40))
	}
	return r
}

func (r *refreshReport) start(total int) {
	r.total = total
	if r.terminal && total > 0 {
		r.draw("")
	}
}

func (r *refreshReport) done(o feeds.Outcome) {
	r.finished++
	line := outcomeLine(o)
	if !r.terminal {
		fmt.Fprintln(r.w, line)
		return
	}
	if o.Err != nil {
		fmt.Fprint(r.w, "\r\x1b[2K")
		lipgloss.Fprintln(r.w, line)
	}
	r.draw(o.Feed.Source.ID)
}

func (r *refreshReport) draw(current string) {
	fmt.Fprint(r.w, "\r\x1b[2K")
	lipgloss.Fprint(r.w, r.bar.ViewAs(float64(r.finished)/float64(max(r.total, 1))))
	fmt.Fprintf(r.w, " %d/%d %s", r.finished, r.total, cut(current, 30))
}

func (r *refreshReport) finish() {
	if r.terminal && r.total > 0 {
		fmt.Fprint(r.w, "\r\x1b[2K")
	}
}

// outcomeLine is one feed's poll in a line: "ok      bbc-news: 3 new …".
func outcomeLine(o feeds.Outcome) string {
	id := o.Feed.Source.ID
	switch {
	case o.Err != nil:
		return fmt.Sprintf("failed    %s: %v", id, o.Err)
	case o.NotModified:
		return fmt.Sprintf("unchanged %s: not modified since the last poll", id)
	}
	n := wording.Thousands
	s := fmt.Sprintf("ok        %s: %s new, %s updated, %s unchanged", id, n(o.Stats.New), n(o.Stats.Updated), n(o.Stats.Unchanged))
	if o.Skipped > 0 {
		s += fmt.Sprintf(" (%s left out)", wording.Count(o.Skipped, "unusable item", "unusable items"))
	}
	if o.Dropped > 0 {
		s += fmt.Sprintf(" (kept the newest %s of %s; see --max-items-per-feed)",
			wording.Thousands(o.Kept), wording.Count(o.Kept+o.Dropped, "item", "items"))
	}
	return s
}
