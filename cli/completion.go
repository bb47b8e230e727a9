package cli

import (
	"github.com/spf13/cobra"

	"tidings/api"
	"tidings/model"
)

// registerCompletions makes shell completion offer the allowed values of
// every enum flag, with their names as descriptions.
func registerCompletions(cmd *cobra.Command) {
	completeFlag(cmd, "screen", []cobra.Completion{"headlines", "sources", "search"})
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
