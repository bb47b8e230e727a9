package cli

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"strings"
	"time"

	"tidings/config"
	"tidings/ui/common"
)

// A running reader follows its settings file's feeds.refresh_interval:
// the user edits it beside the reader and expects the feeds to be
// polled at the new pace, not at the one the reader started with. The
// other settings apply at the next start (`tidings config` says so).

// configWatch is what the bridge knows of the settings file it follows.
type configWatch struct {
	path  string    // the file; "" follows none
	state fileState // as last read
}

// fileState is what says a file changed: whether it exists, its time and
// its size.
type fileState struct {
	gone    bool
	modTime time.Time
	size    int64
}

// look reads the file's state; ok is false when it cannot be read now.
func (w *configWatch) look() (fileState, bool) {
	info, err := os.Stat(w.path)
	if errors.Is(err, fs.ErrNotExist) {
		return fileState{gone: true}, true
	}
	if err != nil {
		return fileState{}, false
	}
	return fileState{modTime: info.ModTime(), size: info.Size()}, true
}

// take records the file's state now, so that only a later edit is news.
func (w *configWatch) take() {
	if st, ok := w.look(); ok {
		w.state = st
	}
}

// configSettle is how long a changed file must stay as it is before it
// is read: an editor, or a shell's >, truncates it and then writes it,
// and the empty file between would read as the defaults.
const configSettle = 300 * time.Millisecond

// changed reports whether the file is not as it was last taken and has
// stayed so for configSettle, and takes its new state. A file still
// being written is left for a later look.
func (w *configWatch) changed() bool {
	first, ok := w.look()
	if !ok || first == w.state {
		return false
	}
	time.Sleep(configSettle)
	if again, ok := w.look(); !ok || again != first {
		return false
	}
	w.state = first
	return true
}

// followConfig is called at every follow tick: when the settings file
// changed, it applies a new refresh_interval to the poller and tells the
// UI, in a note, what the feeds' pace is now.
func (b *feedsBridge) followConfig(ctx context.Context) {
	if b.config.path == "" || !b.config.changed() {
		return
	}
	if note := b.applyConfig(); note != "" {
		b.publish(ctx, common.FeedsStatus{Note: note})
	}
}

// applyConfig reads the settings file's refresh_interval and applies it;
// it returns the note for the UI, "" when the interval did not change.
func (b *feedsBridge) applyConfig() string {
	want := config.Default().Feeds.RefreshInterval
	if !b.config.state.gone {
		file, err := config.Load(b.config.path)
		if err != nil {
			return "The settings file has an error (" + firstLine(err.Error()) + "); " + b.pace() + "."
		}
		want = file.Feeds.RefreshInterval
	}
	switch {
	case b.manual && want == 0, !b.manual && want == b.poller.Interval():
		return ""
	case b.manual || want == 0:
		// Polling in the background or only at r is chosen at start.
		return `refresh_interval changed to "` + intervalText(want) +
			`": it applies when tidings next starts; ` + b.pace() + "."
	}
	b.poller.SetInterval(want)
	return "Feeds are now polled every " + intervalText(want) + " (refresh_interval in the settings file)."
}

// pace says how the feeds are polled now.
func (b *feedsBridge) pace() string {
	if b.manual {
		return "until then feeds are polled only when you press r"
	}
	return "feeds are still polled every " + intervalText(b.poller.Interval())
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// intervalText writes an interval as the settings file does: "1m",
// "1h30m", "0".
func intervalText(d time.Duration) string {
	if d == 0 {
		return "0"
	}
	s := strings.TrimSuffix(d.String(), "0s")
	return strings.TrimSuffix(s, "0m")
}
