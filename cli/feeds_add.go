package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"tidings/feeds"
)

func newFeedsAddCommand(db *feedsDB, getenv func(string) string) *cobra.Command {
	var enums enumFlags
	cmd := &cobra.Command{
		Use:   "add URL",
		Short: "Subscribe to a feed (or a site that announces one)",
		Long: "add fetches URL once to check that it is an RSS, Atom or JSON feed and to fill in\n" +
			"the source's name, description, site and language, then stores the subscription\n" +
			"and the feed's current articles. A site's address works too: its page's\n" +
			"<link rel=\"alternate\"> feed is used. Only http and https addresses are accepted.",
		Example: "  tidings feeds add https://www.theguardian.com/world/rss --category general --country gb\n" +
			"  tidings feeds add https://blog.golang.org/ --category technology",
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			cat, lang, country, err := enums.parse()
			if err != nil {
				return err
			}
			if err := feeds.CheckURL(args[0]); err != nil {
				return usageError{err}
			}
			st, _, err := db.open(true)
			if err != nil {
				return err
			}
			defer st.Close()
			p := newPoller(st, feeds.Options{Logger: quietLogger(getenv, cmd.ErrOrStderr())})
			f, out, err := p.Subscribe(background(cmd), feeds.Subscription{
				URL: args[0], Category: cat, Language: lang, Country: country})
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "Subscribed to %s as %q: %s.\n", f.Source.Name, f.Source.ID, describeSource(f.Source))
			fmt.Fprintf(w, "Stored %d articles", out.Stats.New+out.Stats.Updated+out.Stats.Unchanged)
			if out.Skipped > 0 {
				fmt.Fprintf(w, " (%d unusable items left out)", out.Skipped)
			}
			fmt.Fprintln(w, ".")
			return nil
		},
	}
	enums.register(cmd, "the feed's source")
	return cmd
}
