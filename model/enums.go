package model

import (
	"fmt"
	"strings"
)

// Category is a news category, held in lower case ("business").
type Category string

// Language is a two-letter language code as the spec lists it, held in lower
// case ("de"). The spec's list contains two codes that are not ISO 639-1:
// "se" (Swedish) and "ud" (Urdu); they are kept as the service spells them.
type Language string

// Country is a two-letter ISO 3166-1 country code, held in lower case ("de").
type Country string

// SortBy is the order of /articles results.
type SortBy string

// The sort orders the spec allows for /articles.
const (
	SortRelevancy   SortBy = "relevancy"
	SortPopularity  SortBy = "popularity"
	SortPublishedAt SortBy = "publishedAt"
)

// DefaultSortBy is the order /articles uses when none is asked for. The spec
// is silent; newest first is what a news reader expects.
const DefaultSortBy = SortPublishedAt

var categories = []Category{
	"business", "entertainment", "general", "health", "science", "sports", "technology",
}

// languageName is the English name of a language the spec lists; a switch,
// not a package-level map, so that nothing is built at start-up.
func languageName(l Language) (string, bool) {
	switch l {
	case "ar":
		return "Arabic", true
	case "de":
		return "German", true
	case "en":
		return "English", true
	case "es":
		return "Spanish", true
	case "fr":
		return "French", true
	case "he":
		return "Hebrew", true
	case "it":
		return "Italian", true
	case "nl":
		return "Dutch", true
	case "no":
		return "Norwegian", true
	case "pt":
		return "Portuguese", true
	case "ru":
		return "Russian", true
	case "se":
		return "Swedish", true
	case "ud":
		return "Urdu", true
	}
	return "", false
}

var languages = []Language{"ar", "de", "en", "es", "fr", "he", "it", "nl", "no", "pt", "ru", "se", "ud"}

// countryName is the English name of a country the spec lists; a switch,
// not a package-level map, so that nothing is built at start-up.
func countryName(c Country) (string, bool) {
	switch c {
	case "ae":
		return "United Arab Emirates", true
	case "ar":
		return "Argentina", true
	case "at":
		return "Austria", true
	case "au":
		return "Australia", true
	case "be":
		return "Belgium", true
	case "bg":
		return "Bulgaria", true
	case "br":
		return "Brazil", true
	case "ca":
		return "Canada", true
	case "ch":
		return "Switzerland", true
	case "cn":
		return "China", true
	case "co":
		return "Colombia", true
	case "cu":
		return "Cuba", true
	case "cz":
		return "Czechia", true
	case "de":
		return "Germany", true
	case "eg":
		return "Egypt", true
	case "fr":
		return "France", true
	case "gb":
		return "United Kingdom", true
	case "gr":
		return "Greece", true
	case "hk":
		return "Hong Kong", true
	case "hu":
		return "Hungary", true
	case "id":
		return "Indonesia", true
	case "ie":
		return "Ireland", true
	case "il":
		return "Israel", true
	case "in":
		return "India", true
	case "it":
		return "Italy", true
	case "jp":
		return "Japan", true
	case "kr":
		return "South Korea", true
	case "lt":
		return "Lithuania", true
	case "lv":
		return "Latvia", true
	case "ma":
		return "Morocco", true
	case "mx":
		return "Mexico", true
	case "my":
		return "Malaysia", true
	case "ng":
		return "Nigeria", true
	case "nl":
		return "Netherlands", true
	case "no":
		return "Norway", true
	case "nz":
		return "New Zealand", true
	case "ph":
		return "Philippines", true
	case "pl":
		return "Poland", true
	case "pt":
		return "Portugal", true
	case "ro":
		return "Romania", true
	case "rs":
		return "Serbia", true
	case "ru":
		return "Russia", true
	case "sa":
		return "Saudi Arabia", true
	case "se":
		return "Sweden", true
	case "sg":
		return "Singapore", true
	case "si":
		return "Slovenia", true
	case "sk":
		return "Slovakia", true
	case "th":
		return "Thailand", true
	case "tr":
		return "Turkey", true
	case "tw":
		return "Taiwan", true
	case "ua":
		return "Ukraine", true
	case "us":
		return "United States", true
	case "ve":
		return "Venezuela", true
	case "za":
		return "South Africa", true
	}
	return "", false
}

var countries = []Country{
	"ae", "ar", "at", "au", "be", "bg", "br", "ca", "ch", "cn", "co", "cu", "cz", "de",
	"eg", "fr", "gb", "gr", "hk", "hu", "id", "ie", "il", "in", "it", "jp", "kr", "lt",
	"lv", "ma", "mx", "my", "ng", "nl", "no", "nz", "ph", "pl", "pt", "ro", "rs", "ru",
	"sa", "se", "sg", "si", "sk", "th", "tr", "tw", "ua", "us", "ve", "za",
}

var sortOrders = []SortBy{SortRelevancy, SortPopularity, SortPublishedAt}

// Categories returns every category the spec allows, in the spec's order.
func Categories() []Category { return append([]Category(nil), categories...) }

// Languages returns every language the spec allows, in the spec's order.
func Languages() []Language { return append([]Language(nil), languages...) }

// Countries returns every country the spec allows, in the spec's order.
func Countries() []Country { return append([]Country(nil), countries...) }

// SortOrders returns every sort order /articles allows.
func SortOrders() []SortBy { return append([]SortBy(nil), sortOrders...) }

// Name is the category's display name ("Business").
func (c Category) Name() string {
	if c == "" {
		return "All categories"
	}
	return strings.ToUpper(string(c[:1])) + string(c[1:])
}

// Name is the language's English name ("German"), or the code itself when
// the language is not one the spec lists.
func (l Language) Name() string {
	if l == "" {
		return "All languages"
	}
	if n, ok := languageName(l); ok {
		return n
	}
	return string(l)
}

// Name is the country's English name ("Germany"), or the code itself when
// the country is not one the spec lists.
func (c Country) Name() string {
	if c == "" {
		return "All countries"
	}
	if n, ok := countryName(c); ok {
		return n
	}
	return string(c)
}

// Name is the sort order's display name.
func (s SortBy) Name() string {
	switch s {
	case SortRelevancy:
		return "Relevance"
	case SortPopularity:
		return "Popularity"
	case SortPublishedAt:
		return "Newest first"
	}
	return string(s)
}

// Label is "Germany (de)": name and code, as pickers show them.
func (c Country) Label() string { return labelOf(c.Name(), string(c)) }

// Label is "German (de)": name and code, as pickers show them.
func (l Language) Label() string { return labelOf(l.Name(), string(l)) }

func labelOf(name, code string) string {
	if code == "" {
		return name
	}
	return fmt.Sprintf("%s (%s)", name, code)
}

// ParseCategory accepts a category in any case. The empty string is the
// empty Category ("any").
func ParseCategory(s string) (Category, error) {
	c := Category(strings.ToLower(strings.TrimSpace(s)))
	if c == "" || contains(categories, c) {
		return c, nil
	}
	return "", fmt.Errorf("unknown category %q: allowed values are %s", s, joinValues(categories))
}

// ParseLanguage accepts a language code in any case. The empty string is
// the empty Language ("any").
func ParseLanguage(s string) (Language, error) {
	l := Language(strings.ToLower(strings.TrimSpace(s)))
	if l == "" || contains(languages, l) {
		return l, nil
	}
	return "", fmt.Errorf("unknown language %q: allowed values are %s", s, joinValues(languages))
}

// ParseCountry accepts a country code in any case. The empty string is the
// empty Country ("any").
func ParseCountry(s string) (Country, error) {
	c := Country(strings.ToLower(strings.TrimSpace(s)))
	if c == "" || contains(countries, c) {
		return c, nil
	}
	return "", fmt.Errorf("unknown country %q: allowed values are %s", s, joinValues(countries))
}

// ParseSortBy accepts a sort order in any case ("PUBLISHEDAT" is
// publishedAt). The empty string is the empty SortBy (the default order).
func ParseSortBy(s string) (SortBy, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return "", nil
	}
	for _, o := range sortOrders {
		if strings.EqualFold(t, string(o)) {
			return o, nil
		}
	}
	return "", fmt.Errorf("unknown sort order %q: allowed values are %s", s, joinValues(sortOrders))
}

func contains[T comparable](list []T, v T) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func joinValues[T ~string](list []T) string {
	parts := make([]string, len(list))
	for i, v := range list {
		parts[i] = string(v)
	}
	return strings.Join(parts, ", ")
}
