package opml

import (
	"fmt"
	"strings"
	"unicode"

	"tidings/model"
)

// categoryWord maps the names people give folders and categories onto
// the service's categories. The names are lower case, words separated by
// single spaces. Besides each category's own name and its plural, it
// holds the obvious synonyms (a "Tech" or "Football" folder); names in
// other languages are not guessed at.
func categoryWord(name string) (model.Category, bool) {
	switch name {
	case "business", "businesses", "economy", "economics", "finance", "finances",
		"financial", "markets", "market", "money":
		return "business", true
	case "entertainment", "entertainments", "arts", "culture", "movies", "movie",
		"film", "films", "cinema", "tv", "television", "music", "celebrity", "celebrities":
		return "entertainment", true
	case "general", "news", "world", "world news", "top stories", "headlines",
		"top headlines", "breaking news", "politics", "national", "international":
		return "general", true
	case "health", "healthcare", "medicine", "medical", "wellness":
		return "health", true
	case "science", "sciences", "space", "astronomy":
		return "science", true
	case "sports", "sport", "football", "soccer", "cricket", "tennis", "basketball",
		"baseball", "hockey", "rugby":
		return "sports", true
	case "technology", "technologies", "tech", "computing", "computers", "gadgets",
		"programming", "software":
		return "technology", true
	}
	return "", false
}

// categoryOfName is the category a folder title or one segment of a
// category path names, or "" when it names none. A name matches when it
// is a word categoryWord knows ("Sport", "World News"), when one part of a
// conjunction is ("Business & Economy", "Science and Environment": the
// first part that names one wins), or when it is such a word followed by
// "News" ("Tech News").
func categoryOfName(name string) model.Category {
	words := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '&' && r != '+'
	})
	if len(words) == 0 {
		return ""
	}
	if c, ok := categoryWord(strings.Join(words, " ")); ok {
		return c
	}
	// Conjunctions: "&", "+" and "and" split the name into parts.
	var parts [][]string
	part := []string(nil)
	for _, w := range words {
		if w == "&" || w == "+" || w == "and" {
			parts = append(parts, part)
			part = nil
			continue
		}
		// "&" glued to a word ("Business&Economy") splits it too.
		for i, piece := range strings.FieldsFunc(w, func(r rune) bool { return r == '&' || r == '+' }) {
			if i > 0 {
				parts = append(parts, part)
				part = nil
			}
			part = append(part, piece)
		}
	}
	parts = append(parts, part)
	for _, p := range parts {
		if len(p) == 0 {
			continue
		}
		if c, ok := categoryWord(strings.Join(p, " ")); ok && len(parts) > 1 {
			return c
		}
		if n := len(p); n > 1 && p[n-1] == "news" {
			if c, ok := categoryWord(strings.Join(p[:n-1], " ")); ok {
				return c
			}
		}
	}
	return ""
}

// categoryOfAttribute reads an OPML 2.0 category attribute: a
// comma-separated list of slash-delimited paths ("/Tech/Linux, /News").
// The first path segment, in reading order, that names a category wins.
func categoryOfAttribute(attr string) model.Category {
	for _, path := range strings.Split(attr, ",") {
		for _, segment := range strings.Split(path, "/") {
			if c := categoryOfName(segment); c != "" {
				return c
			}
		}
	}
	return ""
}

// languageAlias maps language subtags people use onto the spec's codes.
// The spec spells Swedish "se" and Urdu "ud"; "se" is also BCP 47's
// Northern Sami, but it is read as Swedish because that is the service's
// spelling and what [Write] emits. Norwegian Bokmål and Nynorsk are both
// the spec's "no", and "iw" is Hebrew's withdrawn code, still found in old
// files. Three-letter ISO 639-2 codes are accepted for the spec's languages.
func languageAlias(subtag string) (model.Language, bool) {
	switch subtag {
	case "ara":
		return "ar", true
	case "deu", "ger":
		return "de", true
	case "eng":
		return "en", true
	case "spa":
		return "es", true
	case "fra", "fre":
		return "fr", true
	case "iw", "heb":
		return "he", true
	case "ita":
		return "it", true
	case "nld", "dut":
		return "nl", true
	case "nb", "nn", "nor", "nob", "nno":
		return "no", true
	case "por":
		return "pt", true
	case "rus":
		return "ru", true
	case "sv", "swe":
		return "se", true
	case "ur", "urd":
		return "ud", true
	}
	return "", false
}

// parseLanguage maps a language attribute ("en-GB", "pt_BR", "sv", "nb",
// "German") onto the spec's languages. Only the primary subtag counts: the
// region of "en-GB" says nothing the country attribute should not say.
func parseLanguage(attr string) (model.Language, error) {
	raw := strings.TrimSpace(attr)
	tag := strings.ReplaceAll(strings.ToLower(raw), "_", "-")
	primary, _, _ := strings.Cut(tag, "-")
	if l, ok := languageAlias(primary); ok {
		return l, nil
	}
	if l, err := model.ParseLanguage(primary); err == nil && l != "" {
		return l, nil
	}
	for _, l := range model.Languages() {
		if strings.EqualFold(l.Name(), raw) {
			return l, nil
		}
	}
	return "", fmt.Errorf("unknown language %q: allowed values are %s", attr, join(model.Languages()))
}

func join[T ~string](values []T) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = string(v)
	}
	return strings.Join(parts, ", ")
}
