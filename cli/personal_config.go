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
	path    string    // the file; "" follows none
	modTime time.Time // as last read
	size    int64
	gone    bool // the file did not exist when last looked at
}

// changed reports whether the file is not as it was last looked at, and
// takes its new state.
func (w *configWatch) changed() bool {
	info, err := os.Stat(w.path)
	gone := errors.Is(err, fs.ErrNotExist)
	if err != nil && !gone {
		return false // unreadable for now: look again later
	}
	var mod time.Time
	var size int64
	if !gone {
		mod, size = info.ModTime(), info.Size()
	}
	if gone == w.gone && mod.Equal(w.modTime) && size == w.size {
		return false
	}
	w.gone, w.modTime, w.size = gone, mod, size
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
	if !b.config.gone {
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
