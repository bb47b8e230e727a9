package cli

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"tidings/model"
	"tidings/server/store"
)

func newFeedsListCommand(db *feedsDB) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the subscriptions and how their polling goes",
		Long: "list shows every subscription: its id (the source id the service and the\n" +
			"reader use), name, category, language, country, whether it is full-text (each\n" +
			"new article's page text stored as its content), stored articles, when it was\n" +
			"last fetched, its last error, and when it is polled next.\n" +
			"--json prints a JSON array of the feeds, for scripts.",
		Example: "  tidings feeds list\n" +
			"  tidings feeds list --json | jq -r '.[] | select(.state == \"failing\") | .id'",
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			say := cmd.OutOrStdout()
			if asJSON {
				say = cmd.ErrOrStderr() // standard output holds JSON alone
			}
			st, list, err := db.openWithFeeds(background(cmd), say)
			if st == nil {
				if err == nil && asJSON {
					return writeFeedsJSON(cmd.OutOrStdout(), nil)
				}
				return err
			}
			defer st.Close()
			if asJSON {
				return writeFeedsJSON(cmd.OutOrStdout(), list)
			}
			return writeFeedTable(cmd.OutOrStdout(), list, time.Now())
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print a JSON array of the feeds instead of the table")
	return cmd
}

// Column widths past which names and errors are cut, so that the table
// stays readable in a terminal.
const (
	maxNameColumn  = 28
	maxErrorColumn = 48
)

func writeFeedTable(out io.Writer, list []store.Feed, now time.Time) error {
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tNAME\tCATEGORY\tLANG\tCOUNTRY\tFULL TEXT\tARTICLES\tLAST SUCCESS\tLAST ERROR\tNEXT POLL")
	for _, f := range list {
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\t%d\t%s\t%s\t%s\n",
			f.Source.ID, orDash(cut(f.Source.Name, maxNameColumn)), orDash(string(f.Source.Category)),
			orDash(string(f.Source.Language)), orDash(string(f.Source.Country)), yesOrDash(f.FullText), f.Articles,
			ago(f.Poll.LastSuccess, now, "never"), orDash(cut(f.Poll.LastError, maxErrorColumn)), nextPoll(f.Poll, now))
	}
	return w.Flush()
}

func nextPoll(p store.FeedPoll, now time.Time) string {
	switch {
	case p.Disabled != "":
		return "disabled"
	case !p.NextPoll.After(now):
		return "due"
	}
	return "in " + roughDuration(p.NextPoll.Sub(now))
}

// ago is "5m ago" ("just now" within a minute), or never when t is zero.
func ago(t, now time.Time, never string) string {
	if t.IsZero() {
		return never
	}
	if now.Sub(t) < time.Minute {
		return "just now"
	}
	return roughDuration(now.Sub(t)) + " ago"
}

// roughDuration is a duration to the largest whole unit: 45s, 12m, 3h, 2d.
func roughDuration(d time.Duration) string {
	d = max(d, 0)
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d/time.Second))
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d/time.Minute))
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh", int(d/time.Hour))
	}
	return fmt.Sprintf("%dd", int(d/(24*time.Hour)))
}

func yesOrDash(b bool) string {
	if b {
		return "yes"
	}
	return "-"
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// cut shortens s to n runes, marking the cut with "…"; tabs and newlines
// (which would break the table) become spaces.
func cut(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// describeSource is "general, English, United Kingdom, https://…".
func describeSource(s model.Source) string {
	parts := []string{}
	if s.Category != "" {
		parts = append(parts, string(s.Category))
	}
	if s.Language != "" {
		parts = append(parts, s.Language.Name())
	}
	if s.Country != "" {
		parts = append(parts, s.Country.Name())
	}
	if s.URL != "" {
		parts = append(parts, s.URL)
	}
	if len(parts) == 0 {
		return "no category, language or country"
	}
	return strings.Join(parts, ", ")
}

// feedJSON is a feed as feeds list --json prints it. Times are RFC 3339
// in UTC, null when they never happened.
type feedJSON struct {
	ID          string     `json:"id"`
	Name        string     `json:"name"`
	FeedURL     string     `json:"feedUrl"`
	SiteURL     string     `json:"url"`
	Category    string     `json:"category"`
	Language    string     `json:"language"`
	Country     string     `json:"country"`
	FullText    bool       `json:"fullText"`
	Articles    int        `json:"articles"`
	AddedAt     *time.Time `json:"addedAt"`
	State       string     `json:"state"`
	LastSuccess *time.Time `json:"lastSuccess"`
	LastAttempt *time.Time `json:"lastAttempt"`
	LastError   string     `json:"lastError"`
	Failures    int        `json:"failures"`
	NextPoll    *time.Time `json:"nextPoll"`
	Disabled    string     `json:"disabled"`
}

func writeFeedsJSON(out io.Writer, list []store.Feed) error {
	feeds := make([]feedJSON, len(list))
	for i, f := range list {
		feeds[i] = feedJSON{
			ID: f.Source.ID, Name: f.Source.Name, FeedURL: f.URL, SiteURL: f.Source.URL,
			Category: string(f.Source.Category), Language: string(f.Source.Language), Country: string(f.Source.Country),
			FullText: f.FullText, Articles: f.Articles, AddedAt: instant(f.AddedAt), State: f.Poll.State(),
			LastSuccess: instant(f.Poll.LastSuccess), LastAttempt: instant(f.Poll.LastAttempt),
			LastError: f.Poll.LastError, Failures: f.Poll.Failures, NextPoll: instant(f.Poll.NextPoll), Disabled: f.Poll.Disabled,
		}
	}
	return writeJSON(out, feeds)
}

// instant is t in UTC, or nil for the zero time (JSON null).
func instant(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	u := t.UTC()
	return &u
}
