package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"tidings/api"
	"tidings/model"
	"tidings/state"
)

func newWatchCommand(g *globalFlags, getenv func(string) string) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "watch",
		Example: "  tidings watch list\n  tidings watch check",
		Short:   "The searches you watch (w on Search in the reader)",
		Args:    usageArgs(cobra.NoArgs),
	}
	cmd.AddCommand(newWatchCheckCommand(g, getenv), newWatchListCommand(), newWatchRemoveCommand())
	return cmd
}

func newWatchCheckCommand(g *globalFlags, getenv func(string) string) *cobra.Command {
	return &cobra.Command{
		Use:   "check",
		Short: "Print how many new articles each watched search has",
		Long: "check asks the service the reader reads (the configured one, else your feeds,\n" +
			"else the demo) how many articles each watch has gained since you last opened\n" +
			"it in the reader, and prints one line per watch: NAME, a tab, \"N new\".\n" +
			"It does not mark the watches seen; opening one in the reader does.\n\n" +
			"Exit status: 0 when some watch has new articles, 1 when none has,\n" +
			"2 on an error (a watch that could not be checked is reported on stderr).",
		Example: "  tidings watch check && notify-send 'News on your watches'",
		Args:    usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			status, err := checkWatches(background(cmd), g, getenv, cmd.OutOrStdout(), cmd.ErrOrStderr())
			if err != nil {
				return statusError{code: 2, err: err}
			}
			if status != 0 {
				return statusError{code: status}
			}
			return nil
		},
	}
}

// checkWatches prints every watch's new count and returns the exit status
// for them: 0 when some watch has news, 1 when none has, 2 when a watch
// could not be checked (said on errOut). err is a failure before any
// watch was checked.
func checkWatches(ctx context.Context, g *globalFlags, getenv func(string) string, out, errOut io.Writer) (int, error) {
	file, err := g.loadConfig()
	if err != nil {
		return 0, err
	}
	// The reader's choice of service, from the file and the environment
	// (there are no reader flags here).
	flags := readerFlags{changed: func(string) bool { return false }}
	cfg, err := flags.resolveWith(ctx, file, getenv)
	if err != nil {
		return 0, err
	}
	cfg.polling = feedsPolling{off: true} // count what the catalogue holds; polling is the reader's
	st, err := openState()
	if err != nil {
		return 0, err
	}
	defer st.Close()
	if n := st.Notice(); n != nil {
		fmt.Fprintf(errOut, "tidings: warning: %v\n", n)
	}
	watches, err := st.Watches(ctx)
	if err != nil {
		return 0, err
	}
	if len(watches) == 0 {
		fmt.Fprintln(errOut, "tidings: no watched searches (in the reader, w on Search watches the current search)")
		return 1, nil
	}
	svc, err := chooseService(ctx, cfg)
	if err != nil {
		return 0, err
	}
	defer svc.stop()
	client, err := api.New(svc.baseURL, svc.apiKey, api.WithVersion(appVersion()), api.WithDialect(svc.dialect))
	if err != nil {
		return 0, fmt.Errorf("news service client: %w", err)
	}
	status := 1
	for _, w := range watches {
		n, err := countNew(ctx, client, w)
		if err != nil {
			fmt.Fprintf(errOut, "tidings: watch %s: %v\n", w.Name, err)
			status = 2
			continue
		}
		fmt.Fprintf(out, "%s\t%d new\n", w.Name, n)
		if n > 0 && status == 1 {
			status = 0
		}
	}
	return status, nil
}

// countNew asks the service how many articles w has gained since it was
// last seen: the total of its NewQuery. An expired watch (its own To is
// past) has none, and asks nothing.
func countNew(ctx context.Context, client *api.Client, w state.Watch) (int, error) {
	now := time.Now()
	if w.Expired(now) {
		return 0, nil
	}
	q := w.NewQuery(now)
	page, err := client.Articles(ctx, q)
	if err != nil {
		return 0, err
	}
	return page.TotalResults, nil
}

func newWatchListCommand() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the watched searches",
		Long: "list prints one line per watch, oldest first: its name, its search and when\n" +
			"you last opened it, separated by tabs. --json prints a JSON array instead.",
		Example: "  tidings watch list\n" +
			"  tidings watch list --json | jq -r '.[].name'",
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			st, err := openStateForCommand(cmd)
			if err != nil {
				return err
			}
			defer st.Close()
			watches, err := st.Watches(background(cmd))
			if err != nil {
				return err
			}
			if asJSON {
				return writeWatchesJSON(cmd.OutOrStdout(), watches)
			}
			for _, w := range watches {
				seen := "never opened"
				if !w.LastSeen.IsZero() {
					seen = "opened " + w.LastSeen.Local().Format("2006-01-02 15:04")
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%s\t%s\t%s\n", w.Name, describeQuery(w.Query), seen)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print a JSON array of the watches instead of lines")
	return cmd
}

// watchJSON is a watch as watch list --json prints it: its search in the
// service's parameter names, as given (relative times stay relative).
type watchJSON struct {
	Name     string     `json:"name"`
	Query    queryJSON  `json:"query"`
	Created  *time.Time `json:"created"`
	LastSeen *time.Time `json:"lastSeen"`
}

type queryJSON struct {
	Q              string   `json:"q,omitempty"`
	Sources        []string `json:"sources,omitempty"`
	Domains        []string `json:"domains,omitempty"`
	ExcludeDomains []string `json:"excludeDomains,omitempty"`
	From           string   `json:"from,omitempty"`
	To             string   `json:"to,omitempty"`
	Language       string   `json:"language,omitempty"`
	SortBy         string   `json:"sortBy,omitempty"`
}

func writeWatchesJSON(out io.Writer, watches []state.Watch) error {
	list := make([]watchJSON, len(watches))
	for i, w := range watches {
		q := w.Query
		list[i] = watchJSON{Name: w.Name, Created: instant(w.Created), LastSeen: instant(w.LastSeen), Query: queryJSON{
			Q: q.Q, Sources: q.Sources, Domains: q.Domains, ExcludeDomains: q.ExcludeDomains,
			From: q.From, To: q.To, Language: string(q.Language), SortBy: string(q.SortBy)}}
	}
	return writeJSON(out, list)
}

func newWatchRemoveCommand() *cobra.Command {
	return &cobra.Command{
		Use:               "remove NAME",
		ValidArgsFunction: completeWatchNames,
		Example:           "  tidings watch remove rates",
		Short:             "Stop watching a search",
		Args:              usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			st, err := openStateForCommand(cmd)
			if err != nil {
				return err
			}
			defer st.Close()
			err = st.RemoveWatch(background(cmd), args[0])
			if errors.Is(err, state.ErrNotFound) {
				return fmt.Errorf("no watch named %q (tidings watch list shows them)", args[0])
			}
			return err
		},
	}
}

// describeQuery writes a watch's search as the reader's flags would.
func describeQuery(q model.ArticlesQuery) string {
	var parts []string
	add := func(flag, value string) {
		if value != "" {
			parts = append(parts, fmt.Sprintf("--%s %q", flag, value))
		}
	}
	add("query", q.Q)
	add("sources", strings.Join(q.Sources, ","))
	add("domains", strings.Join(q.Domains, ","))
	add("exclude-domains", strings.Join(q.ExcludeDomains, ","))
	add("from", q.From)
	add("to", q.To)
	add("language", string(q.Language))
	add("sort-by", string(q.SortBy))
	return strings.Join(parts, " ")
}
