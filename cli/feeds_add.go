package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"tidings/feeds"
	"tidings/wording"
)

func newFeedsAddCommand(db *feedsDB, getenv func(string) string) *cobra.Command {
	var enums enumFlags
	var fullText bool
	var maxItems int
	cmd := &cobra.Command{
		Use:   "add URL",
		Short: "Subscribe to a feed (or a site that announces one)",
		Long: "add fetches URL once to check that it is an RSS, Atom or JSON feed and to fill in\n" +
			"the source's name, description, site and language, then stores the subscription\n" +
			"and the feed's current articles. A site's address works too: its page's\n" +
			"<link rel=\"alternate\"> feed is used. Only http and https addresses are accepted.\n\n" +
			"--full-text is for feeds that carry only summaries: each new article's page is\n" +
			"read and its text stored as the article's content (the feed's summary stays the\n" +
			"description), these first articles included, at most 30 a poll. A page that\n" +
			"cannot be read keeps the feed's text. `tidings feeds set` changes it later.",
		Example: "  tidings feeds add https://www.theguardian.com/world/rss --category general --country gb\n" +
			"  tidings feeds add https://blog.golang.org/ --category technology\n" +
			"  tidings feeds add https://example.com/summaries.rss --full-text",
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
			if err := checkMaxItems(maxItems); err != nil {
				return err
			}
			p, err := db.poller(st, feeds.Options{MaxItems: maxItems, Logger: quietLogger(getenv, cmd.ErrOrStderr())})
			if err != nil {
				return err
			}
			f, out, err := p.Subscribe(background(cmd), feeds.Subscription{
				URL: args[0], Category: cat, Language: lang, Country: country, FullText: fullText})
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "Subscribed to %s as %q: %s.\n", f.Source.Name, f.Source.ID, describeSource(f.Source))
			fmt.Fprintf(w, "Stored %s", wording.Count(out.Stats.New+out.Stats.Updated+out.Stats.Unchanged, "article", "articles"))
			if out.Skipped > 0 {
				fmt.Fprintf(w, " (%s left out)", wording.Count(out.Skipped, "unusable item", "unusable items"))
			}
			if out.Dropped > 0 {
				fmt.Fprintf(w, " (kept the newest %s of %s; see --max-items-per-feed)",
					wording.Thousands(out.Kept), wording.Count(out.Kept+out.Dropped, "item", "items"))
			}
			fmt.Fprintln(w, ".")
			if fullText {
				fmt.Fprintln(w, fullTextReport(out.FullText, out.FullTextFailed))
			}
			return nil
		},
	}
	enums.register(cmd, "the feed's source")
	cmd.Flags().IntVar(&maxItems, "max-items-per-feed", feeds.DefaultMaxItems, maxItemsUsage())
	cmd.Flags().BoolVar(&fullText, "full-text", false, "store each new article's page text as its content (for feeds that carry only summaries)")
	return cmd
}

// fullTextReport says how the pages of a full-text feed's new articles
// went.
func fullTextReport(read, failed int) string {
	if pageReader == nil {
		return "Full text: this build reads no article pages, so the articles keep the feed's text."
	}
	parts := []string{fmt.Sprintf("Full text: %s stored with %s page's text",
		wording.Count(read, "article", "articles"), wording.Noun(read, "its", "their"))}
	if failed > 0 {
		parts = append(parts, fmt.Sprintf("%s could not be read and keep the feed's text (TIDINGS_FEEDS_LOG=1 says why)",
			wording.Count(failed, "page", "pages")))
	}
	return strings.Join(parts, "; ") + "."
}
