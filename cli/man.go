package cli

import (
	_ "embed"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
)

// manPage is tidings(1), made from the commands by cobra/doc in
// TestManPageIsCurrent (man_gen_test.go), which fails when a command, flag
// or example changes and the page was not made again:
//
//	go test ./cli -run TestManPageIsCurrent -update-man
//
// Why a file and not cobra/doc at run time: cobra/doc renders through
// blackfriday, whose package initialiser runs in every tidings process,
// the reader's included (0.26 ms and 214 KB of allocations at each start,
// GODEBUG=inittrace=1; issue 31), to serve a command people run once.
// The page's date and version are filled in as it is written.
//
//go:embed tidings.1
var manPage string

// The placeholders of tidings.1 that writeManPage fills in.
const (
	manDatePlaceholder    = "@DATE@"
	manVersionPlaceholder = "@VERSION@"
)

func newManCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "man",
		Short: "Write the manual page, tidings(1), to standard output",
		Long: "man writes tidings(1), one roff page describing every command, its flags and\n" +
			"examples, to standard output. Packages install it as\n" +
			"/usr/share/man/man1/tidings.1 (packaging/README.md).",
		Example: "  tidings man > tidings.1 && man -l tidings.1\n" +
			"  tidings man | gzip > /usr/local/share/man/man1/tidings.1.gz",
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			date, err := manDate(os.Getenv)
			if err != nil {
				return err
			}
			_, err = cmd.OutOrStdout().Write([]byte(fillManPage(manPage, date, appVersion())))
			return err
		},
	}
}

// manDate is the page's date as cobra/doc gives it: SOURCE_DATE_EPOCH
// (reproducible builds) if set, today otherwise.
func manDate(getenv func(string) string) (time.Time, error) {
	epoch := getenv("SOURCE_DATE_EPOCH")
	if epoch == "" {
		return time.Now(), nil
	}
	secs, err := strconv.ParseInt(epoch, 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH %q is not a number of seconds: %w", epoch, err)
	}
	return time.Unix(secs, 0), nil
}

// fillManPage puts the date (as "Jan 2006", cobra/doc's form) and the
// version into the page's title line.
func fillManPage(page string, date time.Time, version string) string {
	return strings.NewReplacer(manDatePlaceholder, date.Format("Jan 2006"),
		manVersionPlaceholder, version).Replace(page)
}
