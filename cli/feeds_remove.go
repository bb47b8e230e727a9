package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"tidings/server/store"
)

func newFeedsRemoveCommand(db *feedsDB) *cobra.Command {
	var keep bool
	cmd := &cobra.Command{
		Use:   "remove ID|URL",
		Short: "Unsubscribe from a feed and delete its articles",
		Long: "remove deletes the subscription whose id or feed address is given, with its\n" +
			"source and articles; --keep-articles keeps the source and its articles and\n" +
			"only stops polling.",
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			st, path, err := db.open(false)
			if errors.Is(err, errNoCatalogue) {
				return fmt.Errorf("no feed %q: %s holds no feeds", args[0], path)
			}
			if err != nil {
				return err
			}
			defer st.Close()
			ctx := background(cmd)
			f, err := st.FindFeed(ctx, args[0])
			if errors.Is(err, store.ErrFeedNotFound) {
				return fmt.Errorf("no feed has the id or address %q (see `tidings feeds list`)", args[0])
			}
			if err != nil {
				return fmt.Errorf("find the feed: %w", err)
			}
			n, err := st.RemoveFeed(ctx, f.Source.ID, keep)
			if err != nil {
				return fmt.Errorf("remove %s: %w", f.Source.ID, err)
			}
			w := cmd.OutOrStdout()
			if keep {
				fmt.Fprintf(w, "Unsubscribed from %s (%q); its %d articles stay.\n", f.Source.Name, f.Source.ID, f.Articles)
				return nil
			}
			fmt.Fprintf(w, "Unsubscribed from %s (%q) and deleted its %d %s.\n", f.Source.Name, f.Source.ID, n, plural(n, "article", "articles"))
			return nil
		},
	}
	cmd.Flags().BoolVar(&keep, "keep-articles", false, "keep the feed's source and articles; only stop polling")
	return cmd
}
