package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"tidings/feeds"
	"tidings/feeds/opml"
)

func newFeedsExportCommand(db *feedsDB) *cobra.Command {
	return &cobra.Command{
		Use:   "export",
		Short: "Write every subscription as OPML 2.0 on standard output",
		Long: "export writes the catalogue's subscriptions as an OPML 2.0 subscription list,\n" +
			"with each feed's category, language and country (as tidings' country\n" +
			"attribute) and, for a full-text feed, tidings' fullText=\"true\" attribute,\n" +
			"which any feed reader can import (ignoring what it does not know) and\n" +
			"`tidings feeds import` reads back.",
		Example: "  tidings feeds export > subscriptions.opml",
		Args:    usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			st, path, err := db.open(false)
			if errors.Is(err, errNoCatalogue) {
				return fmt.Errorf("nothing to export: %s does not exist", path)
			}
			if err != nil {
				return err
			}
			defer st.Close()
			outlines, err := feeds.Outlines(background(cmd), st)
			if err != nil {
				return err
			}
			return opml.Write(cmd.OutOrStdout(), "tidings subscriptions", outlines)
		},
	}
}
