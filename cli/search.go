package cli

import (
	"strings"
	"time"

	"github.com/spf13/cobra"

	"tidings/model"
)

func newSearchCommand(g *globalFlags, getenv func(string) string) *cobra.Command {
	var flags listFlags
	cmd := &cobra.Command{
		Use:   "search WORDS...",
		Short: "Print the articles that match a search, for scripts",
		Long: "search prints the articles of the service the reader reads (the configured\n" +
			"one, else your feeds, else the demo) that match WORDS (the reader's search\n" +
			"syntax), one per line: time, source, title and address, separated by tabs\n" +
			"when piped. --json prints a JSON array of articles in the service's shape\n" +
			"instead. It needs no terminal.\n\n" +
			"Exit status: 0, 1 when the service fails, 2 for a usage error.",
		Example: "  tidings search --demo climate\n" +
			"  tidings search --demo --from 3d --sort-by publishedAt --limit 50 election\n" +
			"  tidings search --demo --json election | jq -r '.[].url'",
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			flags.reader.query = strings.Join(args, " ")
			if strings.TrimSpace(flags.reader.query) == "" {
				return usagef("no search words: give them as arguments, e.g. tidings search climate")
			}
			l, err := flags.open(cmd, g, getenv)
			if err != nil {
				return err
			}
			defer l.stop()
			q := l.cfg.search.ResolveRelativeTimes(time.Now())
			q.PageSize = l.pageSize(flags.limit)
			articles, err := collect(background(cmd), flags.limit, func(page int) (model.Page[model.Article], error) {
				q.Page = page
				return l.client.Articles(background(cmd), q)
			})
			if err != nil {
				return err
			}
			return writeArticles(cmd.OutOrStdout(), articles, flags.json)
		},
	}
	flags.register(cmd, "sources", "domains", "exclude-domains", "from", "to", "language", "sort-by")
	return cmd
}
