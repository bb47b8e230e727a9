package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"tidings/state"
	"tidings/wording"
)

func newSavedCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:     "saved",
		Example: "  tidings saved export > saved.json",
		Short:   "The articles you saved in the reader (b)",
		Args:    usageArgs(cobra.NoArgs),
	}
	cmd.AddCommand(newSavedExportCommand())
	return cmd
}

// exportFormat is the writer of one of saved export's --format values.
func exportFormat(format string) (func(io.Writer, []state.SavedArticle) error, bool) {
	switch format {
	case "json":
		return state.ExportJSON, true
	case "markdown":
		return state.ExportMarkdown, true
	}
	return nil, false
}

func newSavedExportCommand() *cobra.Command {
	var format, output string
	cmd := &cobra.Command{
		Use:   "export",
		Short: "Write every saved article as JSON or Markdown",
		Long: "export writes your saved articles, newest saved first, with every field the\n" +
			"service gave and the full text when it was fetched: as a JSON array (the\n" +
			"default) or a Markdown document, on standard output or to -o FILE.\n" +
			"Control characters and escape sequences in the articles are cleaned out.",
		Example: "  tidings saved export --format markdown -o saved.md\n" +
			"  tidings saved export | jq -r '.[].url'",
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			write, ok := exportFormat(strings.ToLower(strings.TrimSpace(format)))
			if !ok {
				return usagef("invalid --format %q: allowed values are json, markdown", format)
			}
			st, err := openStateForCommand(cmd)
			if err != nil {
				return err
			}
			defer st.Close()
			articles, err := st.Saved(background(cmd))
			if err != nil {
				return err
			}
			if output == "" || output == "-" {
				return write(cmd.OutOrStdout(), articles)
			}
			var buf bytes.Buffer
			if err := write(&buf, articles); err != nil {
				return err
			}
			if err := os.WriteFile(output, buf.Bytes(), 0o600); err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s to %s\n", wording.Count(len(articles), "saved article", "saved articles"), output)
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "json", "json or markdown")
	cmd.Flags().StringVarP(&output, "output", "o", "", "write to this file (created 0600, replaced if it exists) instead of standard output")
	completeFlag(cmd, "format", []cobra.Completion{"json", "markdown"})
	return cmd
}

// openStateForCommand opens the state file for a command that reads it,
// telling stderr what became of a file that could not be used as it was
// (moved aside as damaged, or read-only).
func openStateForCommand(cmd *cobra.Command) (*state.Store, error) {
	st, err := openState()
	if err != nil {
		return nil, err
	}
	if n := st.Notice(); n != nil {
		fmt.Fprintf(cmd.ErrOrStderr(), "tidings: warning: %v\n", n)
	}
	return st, nil
}
