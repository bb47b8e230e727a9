package picker

import (
	"sort"
	"strings"

	"tidings/model"
)

// Option is one choice. The empty ID is the "All …" choice (no filter).
type Option struct {
	ID    string
	Label string
}

// CountryOptions lists "All countries" and every country the service
// allows, by name with code ("Germany (de)"), sorted by name.
func CountryOptions() []Option {
	opts := []Option{{ID: "", Label: model.Country("").Name()}}
	var rest []Option
	for _, c := range model.Countries() {
		rest = append(rest, Option{ID: string(c), Label: c.Label()})
	}
	return append(opts, sortByLabel(rest)...)
}

// CategoryOptions lists "All categories" and every category.
func CategoryOptions() []Option {
	opts := []Option{{ID: "", Label: model.Category("").Name()}}
	for _, c := range model.Categories() {
		opts = append(opts, Option{ID: string(c), Label: c.Name()})
	}
	return opts
}

// LanguageOptions lists "All languages" and every language, sorted by name.
func LanguageOptions() []Option { return LanguageOptionsOf(model.Languages()) }

// LanguageOptionsOf lists "All languages" and langs, sorted by name: the
// languages the service at hand can filter by (common.Context.Dialect).
func LanguageOptionsOf(langs []model.Language) []Option {
	opts := []Option{{ID: "", Label: model.Language("").Name()}}
	var rest []Option
	for _, l := range langs {
		rest = append(rest, Option{ID: string(l), Label: l.Label()})
	}
	return append(opts, sortByLabel(rest)...)
}

func sortByLabel(opts []Option) []Option {
	sort.SliceStable(opts, func(i, j int) bool { return opts[i].Label < opts[j].Label })
	return opts
}

// rank orders an option for a typed query, lower first; -1 means no
// match. An exact code beats a name prefix, which beats a word prefix,
// which beats any substring.
func rank(o Option, query string) int {
	if query == "" {
		return 0
	}
	label := strings.ToLower(o.Label)
	switch {
	case o.ID != "" && strings.ToLower(o.ID) == query:
		return 0
	case strings.HasPrefix(label, query):
		return 1
	case strings.Contains(label, " "+query) || strings.Contains(label, "("+query):
		return 2
	case strings.Contains(label, query):
		return 3
	}
	return -1
}

// narrow returns the indices of the options matching query, best first,
// keeping the original order within a rank.
func narrow(opts []Option, query string) []int {
	query = strings.ToLower(strings.TrimSpace(query))
	type hit struct{ idx, rank int }
	var hits []hit
	for i, o := range opts {
		if r := rank(o, query); r >= 0 {
			hits = append(hits, hit{i, r})
		}
	}
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].rank < hits[b].rank })
	out := make([]int, len(hits))
	for i, h := range hits {
		out[i] = h.idx
	}
	return out
}
