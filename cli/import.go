package cli

import (
	"context"
	"fmt"
	"log/slog"
	"os"

	"github.com/spf13/cobra"

	"tidings/server/store"
)

func newImportCommand() *cobra.Command {
	var db string
	cmd := &cobra.Command{
		Use:     "import --db FILE|postgres://… DATA.jsonl",
		Example: "  tidings import --db news.db articles.jsonl\n  tidings import --db postgres://tidings@localhost/news articles.jsonl",
		Short:   "Load sources and articles from JSONL into a catalogue database",
		Long: "import streams a JSONL file into the catalogue that `tidings serve --db` reads:\n" +
			"a SQLite file, or a PostgreSQL database given as a postgres:// URL.\n" +
			"Each line is a source or an article in the spec's own JSON shapes, or a whole\n" +
			"list envelope ({\"status\":\"ok\",\"articles\":[...]}).",
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
			return importInto(cmd.Context(), st, args[0], slog.New(slog.NewTextHandler(os.Stderr, nil)))
		},
	}
	cmd.Flags().StringVar(&db, "db", "", "SQLite file to load into (created if missing), or a postgres:// URL")
	return cmd
}

func importInto(ctx context.Context, st store.Writer, path string, logger *slog.Logger) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("open the import file: %w", err)
	}
	defer f.Close()
	stats, err := st.ImportJSONL(ctx, f)
	if err != nil {
		return fmt.Errorf("import %s: %w", path, err)
	}
	logger.Info("imported", "file", path, "stats", fmt.Sprintf("%+v", stats))
	return nil
}
