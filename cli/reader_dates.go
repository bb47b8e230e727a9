package cli

import (
	"fmt"
	"strings"
	"time"

	"tidings/model"
)

// checkDateFlags checks --from and --to each on its own, then together,
// with messages that name the flag and say what a relative value meant.
func checkDateFlags(from, to string, now time.Time) error {
	fromT, err := dateFlag("from", from, false, now)
	if err != nil {
		return err
	}
	toT, err := dateFlag("to", to, true, now)
	if err != nil {
		return err
	}
	if !fromT.IsZero() && !toT.IsZero() && fromT.After(toT) {
		return usagef("%s is after %s", dateMeaning("from", from, fromT, now), dateMeaning("to", to, toT, now))
	}
	return nil
}

// dateFlag is the instant --name value stands for; zero when empty.
func dateFlag(name, value string, isTo bool, now time.Time) (time.Time, error) {
	if strings.TrimSpace(value) == "" {
		return time.Time{}, nil
	}
	t, err := model.ParseTimeBound(model.ResolveRelativeTime(value, isTo, now), isTo)
	if err != nil {
		return t, usagef("invalid --%s %q: use yyyy-MM-dd, yyyy-MM-ddTHH:mm:ssZ or a time ago (%s)",
			name, value, model.RelativeTimeForms)
	}
	return t, nil
}

// dateMeaning is the flag as typed and, for a relative value, the date it
// meant in the user's time zone: "--to 3d (2026-11-29 02:10)".
func dateMeaning(name, value string, t time.Time, now time.Time) string {
	value = strings.TrimSpace(value)
	typed := fmt.Sprintf("--%s %s", name, value)
	if model.ResolveRelativeTime(value, name == "to", now) == value {
		return typed // a date as typed says what it is
	}
	local := t.In(now.Location())
	layout := "2006-01-02 15:04"
	if h, m, s := local.Clock(); (h == 0 && m == 0 && s == 0) || (h == 23 && m == 59 && s == 59) {
		layout = "2006-01-02" // today, yesterday: whole days
	}
	return fmt.Sprintf("%s (%s)", typed, local.Format(layout))
}
