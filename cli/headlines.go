package cli

import (
	"github.com/spf13/cobra"

	"tidings/model"
)

func newHeadlinesCommand(g *globalFlags, getenv func(string) string) *cobra.Command {
	var flags listFlags
	cmd := &cobra.Command{
		Use:   "headlines",
		Short: "Print the latest headlines, for scripts",
		Long: "headlines prints the latest headlines of the service the reader reads (the\n" +
			"configured one, else your feeds, else the demo), newest first, one per line:\n" +
			"time, source, title and address, separated by tabs when piped. --json prints\n" +
			"a JSON array of articles in the service's shape instead. It needs no terminal.\n\n" +
			"Exit status: 0, 1 when the service fails, 2 for a usage error.",
		Example: "  tidings headlines --demo --limit 5\n" +
			"  tidings headlines --demo --json | jq '.[0].title'\n" +
			"  tidings headlines --country gb --category technology | cut -f3",
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			l, err := flags.open(cmd, g, getenv)
			if err != nil {
				return err
			}
			defer l.stop()
			q := l.cfg.headlines
			if q.Country == "" && q.Category == "" {
				// As the reader's Headlines: NewsAPI needs a country or a category.
				q.Country = l.client.Dialect().DefaultHeadlinesCountry()
			}
			q.PageSize = l.pageSize(flags.limit)
			articles, err := collect(background(cmd), flags.limit, func(page int) (model.Page[model.Article], error) {
				q.Page = page
				return l.client.LatestHeadlines(background(cmd), q)
			})
			if err != nil {
				return err
			}
			return writeArticles(cmd.OutOrStdout(), articles, flags.json)
		},
	}
	flags.register(cmd, "country", "category")
	return cmd
}
