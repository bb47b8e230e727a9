package normalise

import (
	"strconv"
	"strings"
	"time"

	ext "github.com/mmcdole/gofeed/extensions"
)

// maxInterval caps what a feed may ask for. A ttl of weeks is more often a
// mistake (seconds written as minutes) than a wish, and a news feed not
// polled for days is a broken subscription to its reader.
const maxInterval = 24 * time.Hour

// syPeriod is the length of an sy:updatePeriod value of the RSS 1.0
// syndication module (a month and a year taken as 30 and 365 days).
func syPeriod(period string) (time.Duration, bool) {
	switch period {
	case "hourly":
		return time.Hour, true
	case "daily":
		return 24 * time.Hour, true
	case "weekly":
		return 7 * 24 * time.Hour, true
	case "monthly":
		return 30 * 24 * time.Hour, true
	case "yearly":
		return 365 * 24 * time.Hour, true
	}
	return 0, false
}

// minInterval is the feed's own lower bound on polling: the RSS <ttl> in
// minutes when there is one, else sy:updatePeriod divided by
// sy:updateFrequency (period "daily" and frequency 1 when only the other is
// given), capped at maxInterval; 0 when the feed states neither or states
// nonsense.
func minInterval(ttl string, exts ext.Extensions) time.Duration {
	if m, err := strconv.Atoi(strings.TrimSpace(ttl)); err == nil && m > 0 {
		return min(time.Duration(min(m, 1<<20))*time.Minute, maxInterval)
	}
	sy := exts["sy"]
	period, frequency := extValue(sy, "updatePeriod"), extValue(sy, "updateFrequency")
	if period == "" && frequency == "" {
		return 0
	}
	d, _ := syPeriod("daily")
	if period != "" {
		var ok bool
		if d, ok = syPeriod(strings.ToLower(period)); !ok {
			return 0
		}
	}
	if n, err := strconv.Atoi(frequency); err == nil && n > 1 {
		d /= time.Duration(n)
	}
	return min(d, maxInterval)
}

// extValue is the trimmed text of the first extension element called name.
func extValue(m map[string][]ext.Extension, name string) string {
	if es := m[name]; len(es) > 0 {
		return strings.TrimSpace(es[0].Value)
	}
	return ""
}
