package cli

import (
	"github.com/spf13/cobra"

	"tidings/model"
)

func newSourcesCommand(g *globalFlags, getenv func(string) string) *cobra.Command {
	var flags listFlags
	cmd := &cobra.Command{
		Use:   "sources",
		Short: "Print the news sources, for scripts",
		Long: "sources prints the sources of the service the reader reads (the configured\n" +
			"one, else your feeds, else the demo), one per line: id, name, category,\n" +
			"language, country and address, separated by tabs when piped. --json prints a\n" +
			"JSON array of sources in the service's shape instead. It needs no terminal.\n\n" +
			"Exit status: 0, 1 when the service fails, 2 for a usage error.",
		Example: "  tidings sources --demo --language en\n" +
			"  tidings sources --demo --json | jq -r '.[].id'",
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			l, err := flags.open(cmd, g, getenv)
			if err != nil {
				return err
			}
			defer l.stop()
			q := l.cfg.sources
			q.PageSize = l.pageSize(flags.limit)
			sources, err := collect(background(cmd), flags.limit, func(page int) (model.Page[model.Source], error) {
				q.Page = page
				return l.client.Sources(background(cmd), q)
			})
			if err != nil {
				return err
			}
			return writeSources(cmd.OutOrStdout(), sources, flags.json)
		},
	}
	flags.register(cmd, "country", "category", "language")
	flags.limit = 0 // every source unless told
	cmd.Flags().Lookup("limit").DefValue = "0"
	return cmd
}
