package cli

import (
	"fmt"

	"github.com/spf13/cobra"
	"tidings/wording"
)

func newFeedsRemoveCommand(db *feedsDB) *cobra.Command {
	var keep bool
	cmd := &cobra.Command{
		Use:     "remove ID|URL",
		Example: "  tidings feeds remove the-verge\n  tidings feeds remove https://www.theverge.com/rss/index.xml",
		Short:   "Unsubscribe from a feed and delete its articles",
		Long: "remove deletes the subscription whose id or feed address is given, with its\n" +
			"source and articles; --keep-articles keeps the source and its articles and\n" +
			"only stops polling.",
		Args:              usageArgs(cobra.ExactArgs(1)),
		ValidArgsFunction: db.completeFeedIDs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := background(cmd)
			st, f, err := db.openFeed(ctx, args[0])
			if err != nil {
				return err
			}
			defer st.Close()
			n, err := st.RemoveFeed(ctx, f.Source.ID, keep)
			if err != nil {
				return fmt.Errorf("remove %s: %w", f.Source.ID, err)
			}
			w := cmd.OutOrStdout()
			if keep {
				fmt.Fprintf(w, "Unsubscribed from %s (%q); its %s %s.\n", f.Source.Name, f.Source.ID,
					wording.Count(f.Articles, "article", "articles"), wording.Noun(f.Articles, "stays", "stay"))
				return nil
			}
			fmt.Fprintf(w, "Unsubscribed from %s (%q) and deleted its %s.\n", f.Source.Name, f.Source.ID, wording.Count(n, "article", "articles"))
			return nil
		},
	}
	cmd.Flags().BoolVar(&keep, "keep-articles", false, "keep the feed's source and articles; only stop polling")
	return cmd
}
