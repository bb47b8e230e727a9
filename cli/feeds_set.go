package cli

import (
	"fmt"

	"github.com/spf13/cobra"
)

func newFeedsSetCommand(db *feedsDB) *cobra.Command {
	var fullText bool
	cmd := &cobra.Command{
		Use:   "set ID|URL --full-text[=true|false]",
		Short: "Change a subscription's settings",
		Long: "set changes a setting of the subscription whose id or feed address is given.\n\n" +
			"--full-text (or --full-text=true) marks it full-text: from its next poll, each\n" +
			"new article's page is read and its text stored as the article's content, the\n" +
			"feed's summary staying the description (at most 30 pages a poll; a page that\n" +
			"cannot be read keeps the feed's text); articles already stored keep their text.\n" +
			"--full-text=false stops that: the articles the feed still lists go back to its\n" +
			"own text on its next poll.",
		Example: "  tidings feeds set the-verge --full-text\n" +
			"  tidings feeds set https://example.com/feed.xml --full-text=false",
		Args:              usageArgs(cobra.ExactArgs(1)),
		ValidArgsFunction: db.completeFeedIDs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if !cmd.Flags().Changed("full-text") {
				return usagef("nothing to set for %q: give --full-text (or --full-text=false)", args[0])
			}
			ctx := background(cmd)
			st, f, err := db.openFeed(ctx, args[0])
			if err != nil {
				return err
			}
			defer st.Close()
			w := cmd.OutOrStdout()
			if f.FullText == fullText {
				fmt.Fprintf(w, "%s (%q) is %s already.\n", f.Source.Name, f.Source.ID, fullTextState(fullText))
				return nil
			}
			if err := st.SetFeedFullText(ctx, f.Source.ID, fullText); err != nil {
				return fmt.Errorf("set --full-text of %s: %w", f.Source.ID, err)
			}
			fmt.Fprintf(w, "%s (%q) is %s now: ", f.Source.Name, f.Source.ID, fullTextState(fullText))
			if fullText {
				fmt.Fprintln(w, "its new articles will hold their page's text; the ones stored keep theirs.")
			} else {
				fmt.Fprintln(w, "from its next poll, the articles it lists hold the feed's own text.")
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&fullText, "full-text", false, "store each new article's page text as its content (--full-text=false: the feed's own text)")
	return cmd
}

func fullTextState(on bool) string {
	if on {
		return "full-text"
	}
	return "not full-text"
}
