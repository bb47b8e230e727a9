package cli

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"tidings/server/store"
	"tidings/wording"
)

func newImportCommand() *cobra.Command {
	var db string
	cmd := &cobra.Command{
		Use:     "import --db FILE|postgres://… DATA.jsonl",
		Example: "  tidings import --db news.db articles.jsonl\n  tidings import --db postgres://tidings@localhost/news articles.jsonl",
		Short:   "Load sources and articles from JSONL into a catalogue database",
		Long: "import streams a JSONL file into the catalogue that `tidings serve --db` reads:\n" +
			"a SQLite file (created if missing), or a PostgreSQL database given as a postgres:// URL.\n" +
			"Each line is a source or an article in the spec's own JSON shapes, or a whole\n" +
			"list envelope ({\"status\":\"ok\",\"articles\":[...]}).\n\n" +
			"A line the service could not serve is skipped and named with its line number:\n" +
			"an article with an empty title, a url that is not an http(s) URL, a publishedAt\n" +
			"that is not an ISO 8601 time, or a source given by id alone that neither the\n" +
			"file nor the catalogue holds; a source without an id. The other lines are\n" +
			"imported. The exit status is 0 when every line was imported, 1 when any was\n" +
			"skipped (or the import failed), 2 for a usage error.",
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			if db == "" {
				return usagef("import needs --db FILE or --db postgres://…")
			}
			st, err := openStore(cmd.Context(), db)
			if err != nil {
				return err
			}
			defer st.Close()
			stats, err := importFile(cmd.Context(), st, args[0])
			if err != nil {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), importSummary(args[0], stats))
			if stats.Skipped > 0 {
				return statusError{code: 1} // the summary said which lines
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&db, "db", "", "SQLite file to load into (created if missing), or a postgres:// URL")
	return cmd
}

// importInto loads path into st for serve --import and logs what it did:
// skipped lines are a warning, not a reason not to serve.
func importInto(ctx context.Context, st store.Writer, path string, logger *slog.Logger) error {
	stats, err := importFile(ctx, st, path)
	if err != nil {
		return err
	}
	if stats.Skipped > 0 {
		logger.Warn(importSummary(path, stats))
	} else {
		logger.Info(importSummary(path, stats))
	}
	return nil
}

func importFile(ctx context.Context, st store.Writer, path string) (store.ImportStats, error) {
	f, err := os.Open(path)
	if err != nil {
		return store.ImportStats{}, fmt.Errorf("open the import file: %w", err)
	}
	defer f.Close()
	stats, err := st.ImportJSONL(ctx, f)
	if err != nil {
		return stats, fmt.Errorf("import %s: %w", path, err)
	}
	return stats, nil
}

// importSummary says what an import did in a sentence, then the lines it
// skipped and why: "Imported 3 articles and 1 source from x.jsonl;
// skipped line 4: url "x" is not an http(s) URL".
func importSummary(path string, s store.ImportStats) string {
	line := fmt.Sprintf("Imported %s and %s from %s", wording.Count(s.Articles, "article", "articles"),
		wording.Count(s.Sources, "source", "sources"), path)
	switch {
	case s.Skipped == 0:
		return line + "."
	case s.Skipped == 1 && len(s.Errors) == 1:
		return fmt.Sprintf("%s; skipped line %d: %v.", line, s.Errors[0].Line, s.Errors[0].Err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s; skipped %s:", line, wording.Count(s.Skipped, "line", "lines"))
	for _, e := range s.Errors {
		fmt.Fprintf(&b, "\n  line %d: %v", e.Line, e.Err)
	}
	if more := s.Skipped - len(s.Errors); more > 0 {
		fmt.Fprintf(&b, "\n  and %s more", wording.Thousands(more))
	}
	return b.String()
}
