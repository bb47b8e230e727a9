package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"tidings/config"
)

func newConfigCommand(g *globalFlags) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "config",
		Example: "  tidings config path\n  tidings config init",
		Short:   "Find or start the settings file",
		Long: "The settings file holds the news service, the start screen and default filters,\n" +
			"the theme, key bindings, the feeds' refresh interval and the full-text mode.\n" +
			"Flags and environment variables override it. --config FILE reads another file.\n\n" +
			"Settings are read when tidings starts; a running reader keeps them, except\n" +
			"feeds.refresh_interval, which it follows within 15 seconds of an edit\n" +
			"(switching to or from \"0\" applies at the next start; the reader says so).",
		Args: usageArgs(cobra.NoArgs),
	}
	cmd.AddCommand(newConfigPathCommand(g), newConfigInitCommand(g))
	return cmd
}

func newConfigPathCommand(g *globalFlags) *cobra.Command {
	return &cobra.Command{
		Use:     "path",
		Example: "  tidings config path\n  less \"$(tidings config path)\"",
		Short:   "Print where the settings file is read from",
		Long: "path prints the settings file tidings reads: --config's, else the default\n" +
			"($XDG_CONFIG_HOME/tidings/config.toml), whether or not it exists yet.",
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			path, err := g.configFile()
			if err != nil {
				return err
			}
			_, err = fmt.Fprintln(cmd.OutOrStdout(), path)
			return err
		},
	}
}

func newConfigInitCommand(g *globalFlags) *cobra.Command {
	var force bool
	cmd := &cobra.Command{
		Use:   "init",
		Short: "Write a settings file showing every setting and its default",
		Long: "init writes a settings file at the path `tidings config path` prints, with every\n" +
			"setting commented out at its default and what it allows: uncomment a line to\n" +
			"change it. It never replaces an existing file unless --force is given.",
		Example: "  tidings config init && $EDITOR \"$(tidings config path)\"",
		Args:    usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			path, err := g.configFile()
			if err != nil {
				return err
			}
			// The file may come to name a command that prints a key: keep
			// the directory to its owner. (An existing one is left as it is.)
			if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
				return err
			}
			err = config.WriteTemplate(path, force)
			if errors.Is(err, fs.ErrExist) {
				return fmt.Errorf("%s already exists; not replaced (--force replaces it)", path)
			}
			if err != nil {
				return err
			}
			_, err = fmt.Fprintf(cmd.OutOrStdout(), "wrote %s\n", path)
			return err
		},
	}
	cmd.Flags().BoolVar(&force, "force", false, "replace an existing file")
	return cmd
}
