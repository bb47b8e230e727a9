package cli

import (
	"os"
	"slices"

	"github.com/spf13/cobra"

	"tidings/api"
	"tidings/model"
	"tidings/state"
)

// registerCompletions makes shell completion offer the allowed values of
// every enum flag, with their names as descriptions.
func registerCompletions(cmd *cobra.Command) {
	completeFlag(cmd, "screen", screenCompletions())
	registerEnumCompletions(cmd)
	completeFlag(cmd, "sort-by", described(model.SortOrders(), model.SortBy.Name))
	completeFlag(cmd, "dialect", dialectCompletions())
}

// dialectCompletions offers every dialect with what it talks to.
func dialectCompletions() []cobra.Completion {
	var out []cobra.Completion
	for _, d := range api.Dialects() {
		out = append(out, cobra.CompletionWithDesc(d.String(), d.Description()))
	}
	return out
}

// registerEnumCompletions completes --country, --category and --language.
func registerEnumCompletions(cmd *cobra.Command) {
	completeFlag(cmd, "country", described(model.Countries(), model.Country.Name))
	completeFlag(cmd, "category", described(model.Categories(), model.Category.Name))
	completeFlag(cmd, "language", described(model.Languages(), model.Language.Name))
}

func completeFlag(cmd *cobra.Command, flag string, values []cobra.Completion) {
	// The flags are registered just before; an error here is a programming mistake.
	if err := cmd.RegisterFlagCompletionFunc(flag, cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp)); err != nil {
		panic(err)
	}
}

func described[T ~string](values []T, name func(T) string) []cobra.Completion {
	out := make([]cobra.Completion, len(values))
	for i, v := range values {
		out[i] = cobra.CompletionWithDesc(string(v), name(v))
	}
	return out
}

// screenCompletions offers every start screen --screen takes.
func screenCompletions() []cobra.Completion {
	out := make([]cobra.Completion, 0, len(screenNames))
	for _, s := range screenNames {
		out = append(out, s.name)
	}
	slices.Sort(out)
	return out
}

// completeFeedIDs offers the ids of the catalogue's feeds (the --db one,
// else yours), with their names, as the first argument. It never creates
// a catalogue, and offers nothing when there is none.
func (d *feedsDB) completeFeedIDs(cmd *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	st, _, err := d.open(false)
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	defer st.Close()
	feeds, err := st.Feeds(background(cmd))
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	out := make([]cobra.Completion, len(feeds))
	for i, f := range feeds {
		out[i] = cobra.CompletionWithDesc(f.Source.ID, f.Source.Name)
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeWatchNames offers the names of the watched searches, with
// their searches. It never creates the state file.
func completeWatchNames(cmd *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	if path, err := state.DefaultPath(); err != nil || !exists(path) {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	st, err := openState()
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	defer st.Close()
	watches, err := st.Watches(background(cmd))
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	out := make([]cobra.Completion, len(watches))
	for i, w := range watches {
		out[i] = cobra.CompletionWithDesc(w.Name, describeQuery(w.Query))
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
