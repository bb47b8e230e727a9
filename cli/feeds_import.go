package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"tidings/feeds"
	"tidings/feeds/opml"
	"tidings/wording"
)

// maxOPML bounds a subscription list read from a file.
const maxOPML = 10 << 20

func newFeedsImportCommand(db *feedsDB) *cobra.Command {
	var starter bool
	cmd := &cobra.Command{
		Use:     "import FILE.opml | --starter",
		Example: "  tidings feeds import --starter\n  tidings feeds import subscriptions.opml",
		Short:   "Subscribe to every feed of an OPML file (or the starter list)",
		Long: "import subscribes to the feeds of an OPML subscription list, as other readers\n" +
			"export them. Nothing is fetched: the feeds are polled by the next refresh.\n\n" +
			"An outline's category comes from its category attribute, or from the enclosing\n" +
			"folder when the folder's title names a category; language from its language\n" +
			"attribute (else the feed's own); country from a country attribute (tidings'\n" +
			"extension, written back by export); a fullText=\"true\" attribute (tidings'\n" +
			"too) marks the feed full-text (see `tidings feeds add --full-text`). Other\n" +
			"attributes are ignored. An unusable value is a warning naming the\n" +
			"outline, and the feed is imported with that field empty. Importing the same\n" +
			"file twice adds nothing.\n\n" +
			"--starter imports the list that ships with tidings: public news feeds of widely\n" +
			"known outlets in many countries, languages and every category.",
		Args: usageArgs(func(cmd *cobra.Command, args []string) error {
			if starter {
				return cobra.NoArgs(cmd, args)
			}
			return cobra.ExactArgs(1)(cmd, args)
		}),
		RunE: func(cmd *cobra.Command, args []string) error {
			name, data, err := opmlSource(starter, args)
			if err != nil {
				return err
			}
			outlines, warnings, err := opml.Parse(bytes.NewReader(data))
			if err != nil {
				return fmt.Errorf("read %s: %w", name, err)
			}
			for _, w := range warnings {
				fmt.Fprintf(cmd.ErrOrStderr(), "warning: %s: %s\n", name, w)
			}
			st, _, err := db.open(true)
			if err != nil {
				return err
			}
			defer st.Close()
			p, err := db.poller(st, feeds.Options{})
			if err != nil {
				return err
			}
			res, err := p.Import(background(cmd), outlines)
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "Imported %s from %s", wording.Count(len(res.Added), "feed", "feeds"), name)
			if res.Present > 0 {
				fmt.Fprintf(w, " (%s already subscribed)", wording.Thousands(res.Present))
			}
			fmt.Fprintln(w, ".")
			if err != nil {
				return err
			}
			if len(res.Added) > 0 {
				fmt.Fprintln(w, "Run `tidings feeds refresh` to fetch them, or just `tidings` to read them as they arrive.")
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&starter, "starter", false, "import the starter list that ships with tidings")
	return cmd
}

// opmlSource reads the list to import: the file named, or the starter.
func opmlSource(starter bool, args []string) (string, []byte, error) {
	if starter {
		return "the starter list", opml.StarterOPML(), nil
	}
	f, err := os.Open(args[0])
	if err != nil {
		return "", nil, fmt.Errorf("open the subscription list: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxOPML+1))
	if err != nil {
		return "", nil, fmt.Errorf("read %s: %w", args[0], err)
	}
	if len(data) > maxOPML {
		return "", nil, fmt.Errorf("read %s: the file is larger than %d MiB, which no subscription list is", args[0], maxOPML>>20)
	}
	return args[0], data, nil
}
