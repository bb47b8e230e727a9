package cli

// What tidings headlines, search and sources share: the reader's flags
// they take, the service they read, fetching up to --limit results
// across pages, and printing them as lines or as JSON.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"text/tabwriter"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"tidings/htmltext"
	"tidings/model"
	"tidings/server"
)

// defaultLimit is --limit's default: one page at the service's default size.
const defaultLimit = model.DefaultPageSize

// serviceFlagNames are the reader's flags that choose the service; every
// listing command takes them.
var serviceFlagNames = []string{"base-url", "api-key", "dialect", "demo", "page-size"}

// listFlags are a listing command's flags: some of the reader's, with
// their meaning and checks, plus --json and --limit.
type listFlags struct {
	reader readerFlags
	json   bool
	limit  int
}

// register adds the reader's flags named, the service flags, --json and
// --limit to cmd. The reader's flags are defined once (readerFlags.register);
// they are registered on a scratch command and the ones this command takes
// are moved over, completions included (cobra keys those by flag).
func (l *listFlags) register(cmd *cobra.Command, filters ...string) {
	scratch := &cobra.Command{Use: "scratch"}
	l.reader.register(scratch)
	for _, name := range append(filters, serviceFlagNames...) {
		cmd.Flags().AddFlag(scratch.Flags().Lookup(name))
	}
	// The reader's default page is the service's; here pages are as large
	// as --limit needs, which the flag's help must say.
	cmd.Flags().Lookup("page-size").Usage = fmt.Sprintf("results per request, 1 to %d (default: as many as --limit needs, at most %d)",
		model.MaxPageSize, model.MaxPageSize)
	cmd.Flags().BoolVar(&l.json, "json", false, "print a JSON array in the service's shape instead of lines")
	cmd.Flags().IntVar(&l.limit, "limit", defaultLimit, "print at most this many results, fetching as many pages as needed (0: all)")
}

// listing is a listing command's service, client and settings.
type listing struct {
	cfg    readerConfig
	client serviceClient
	stop   func()
}

// open checks the flags, merges them with the environment and the config
// file as the reader does, and starts the reader's service (the
// configured one, else your feeds, else the demo) without polling.
func (l *listFlags) open(cmd *cobra.Command, g *globalFlags, getenv func(string) string) (*listing, error) {
	if l.limit < 0 {
		return nil, usagef("invalid --limit %d: use 0 (all) or a positive number", l.limit)
	}
	file, err := g.loadConfig()
	if err != nil {
		return nil, err
	}
	l.reader.changed = cmd.Flags().Changed
	cfg, err := l.reader.resolveWith(background(cmd), file, getenv)
	if err != nil {
		return nil, err
	}
	if cfg.keyOnCLI {
		fmt.Fprintln(cmd.ErrOrStderr(), keyWarning)
	}
	cfg.polling = feedsPolling{off: true} // print what the catalogue holds; polling is the reader's
	svc, err := chooseService(background(cmd), cfg)
	if err != nil {
		return nil, err
	}
	client, _, err := newServiceClient(svc)
	if err != nil {
		svc.stop()
		return nil, err
	}
	return &listing{cfg: cfg, client: client, stop: svc.stop}, nil
}

// pageSize is the size of the pages to ask for: --page-size (or the
// config file's) when set, else as large as --limit needs.
func (l *listing) pageSize(limit int) int {
	if l.cfg.pageSize > 0 {
		return l.cfg.pageSize
	}
	if limit > 0 && limit < model.MaxPageSize {
		return limit
	}
	return model.MaxPageSize
}

// collect fetches pages from the first until limit items (0: all) or
// the last page.
func collect[T any](ctx context.Context, limit int, fetch func(page int) (model.Page[T], error)) ([]T, error) {
	items := []T{}
	for page := 1; ; page++ {
		p, err := fetch(page)
		if err != nil {
			return nil, err
		}
		items = append(items, p.Items...)
		if limit > 0 && len(items) >= limit {
			return items[:limit], nil
		}
		if !p.HasMore() || ctx.Err() != nil {
			return items, ctx.Err()
		}
	}
}

// writeJSON prints v as indented JSON, HTML characters unescaped as the
// service sends them.
func writeJSON(out io.Writer, v any) error {
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// writeArticles prints articles as JSON or one line each.
func writeArticles(out io.Writer, articles []model.Article, asJSON bool) error {
	if asJSON {
		return writeJSON(out, server.WireArticles(articles))
	}
	lines := make([][]string, len(articles))
	for i, a := range articles {
		lines[i] = []string{localTime(a.PublishedAt), a.Source.Name, a.Title, a.URL}
	}
	return writeLines(out, lines)
}

// writeSources prints sources as JSON (the sources array of GET
// /sources) or one line each.
func writeSources(out io.Writer, sources []model.Source, asJSON bool) error {
	if asJSON {
		return writeJSON(out, sources)
	}
	lines := make([][]string, len(sources))
	for i, s := range sources {
		lines[i] = []string{s.ID, s.Name, string(s.Category), string(s.Language), string(s.Country), s.URL}
	}
	return writeLines(out, lines)
}

// localTime is "2026-12-02 08:14" in the local zone, or "-" when unknown.
func localTime(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.Local().Format("2006-01-02 15:04")
}

// writeLines prints one line per row, its fields made single-line plain
// text (no tags, control characters or escape sequences a stranger's
// title could carry; empty fields are "-"). Piped, fields are separated
// by a tab, for cut and awk; on a terminal they are aligned in columns.
func writeLines(out io.Writer, rows [][]string) error {
	sep := "\t"
	w := out
	var tw *tabwriter.Writer
	if isTerminal(out) {
		tw = tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
		w = tw
	}
	for _, row := range rows {
		for i, field := range row {
			if i > 0 {
				io.WriteString(w, sep)
			}
			io.WriteString(w, orDash(htmltext.Line(field)))
		}
		if _, err := io.WriteString(w, "\n"); err != nil {
			return err
		}
	}
	if tw != nil {
		return tw.Flush()
	}
	return nil
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(f.Fd())
}
