package cli

import (
	"github.com/spf13/cobra"

	"tidings/model"
)

// registerCompletions makes shell completion offer the allowed values of
// every enum flag, with their names as descriptions.
func registerCompletions(cmd *cobra.Command) {
	complete := func(flag string, values []cobra.Completion) {
		// The flags are registered just above; an error here is a programming mistake.
		if err := cmd.RegisterFlagCompletionFunc(flag, cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp)); err != nil {
			panic(err)
		}
	}
	complete("screen", []cobra.Completion{"headlines", "sources", "search"})
	complete("country", described(model.Countries(), model.Country.Name))
	complete("category", described(model.Categories(), model.Category.Name))
	complete("language", described(model.Languages(), model.Language.Name))
	complete("sort-by", described(model.SortOrders(), model.SortBy.Name))
}

func described[T ~string](values []T, name func(T) string) []cobra.Completion {
	out := make([]cobra.Completion, len(values))
	for i, v := range values {
		out[i] = cobra.CompletionWithDesc(string(v), name(v))
	}
	return out
}
