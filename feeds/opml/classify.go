package opml

import (
	"fmt"
	"strings"
	"unicode"

	"tidings/model"
)

// categoryWords maps the names people give folders and categories onto
// the service's categories. The keys are lower case, words separated by
// single spaces. Besides each category's own name and its plural, it
// holds the obvious synonyms (a "Tech" or "Football" folder); names in
// other languages are not guessed at.
var categoryWords = map[string]model.Category{
	"business": "business", "businesses": "business", "economy": "business",
	"economics": "business", "finance": "business", "finances": "business",
	"financial": "business", "markets": "business", "market": "business",
	"money": "business",

	"entertainment": "entertainment", "entertainments": "entertainment",
	"arts": "entertainment", "culture": "entertainment", "movies": "entertainment",
	"movie": "entertainment", "film": "entertainment", "films": "entertainment",
	"cinema": "entertainment", "tv": "entertainment", "television": "entertainment",
	"music": "entertainment", "celebrity": "entertainment", "celebrities": "entertainment",

	"general": "general", "news": "general", "world": "general", "world news": "general",
	"top stories": "general", "headlines": "general", "top headlines": "general",
	"breaking news": "general", "politics": "general", "national": "general",
	"international": "general",

	"health": "health", "healthcare": "health", "medicine": "health",
	"medical": "health", "wellness": "health",

	"science": "science", "sciences": "science", "space": "science",
	"astronomy": "science",

	"sports": "sports", "sport": "sports", "football": "sports", "soccer": "sports",
	"cricket": "sports", "tennis": "sports", "basketball": "sports",
	"baseball": "sports", "hockey": "sports", "rugby": "sports",

	"technology": "technology", "technologies": "technology", "tech": "technology",
	"computing": "technology", "computers": "technology", "gadgets": "technology",
	"programming": "technology", "software": "technology",
}

// categoryOfName is the category a folder title or one segment of a
// category path names, or "" when it names none. A name matches when it
// is one of categoryWords ("Sport", "World News"), when one part of a
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
	if c, ok := categoryWords[strings.Join(words, " ")]; ok {
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
		if c, ok := categoryWords[strings.Join(p, " ")]; ok && len(parts) > 1 {
			return c
		}
		if n := len(p); n > 1 && p[n-1] == "news" {
			if c, ok := categoryWords[strings.Join(p[:n-1], " ")]; ok {
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

// languageAliases maps language subtags people use onto the spec's codes.
// The spec spells Swedish "se" and Urdu "ud"; "se" is also BCP 47's
// Northern Sami, but it is read as Swedish because that is the service's
// spelling and what [Write] emits. Norwegian Bokmål and Nynorsk are both
// the spec's "no", and "iw" is Hebrew's withdrawn code, still found in old
// files. Three-letter ISO 639-2 codes are accepted for the spec's languages.
var languageAliases = map[string]model.Language{
	"sv": "se", "nb": "no", "nn": "no", "ur": "ud", "iw": "he",
	"ara": "ar", "deu": "de", "ger": "de", "eng": "en", "spa": "es",
	"fra": "fr", "fre": "fr", "heb": "he", "ita": "it", "nld": "nl",
	"dut": "nl", "nor": "no", "nob": "no", "nno": "no", "por": "pt",
	"rus": "ru", "swe": "se", "urd": "ud",
}

// parseLanguage maps a language attribute ("en-GB", "pt_BR", "sv", "nb",
// "German") onto the spec's languages. Only the primary subtag counts: the
// region of "en-GB" says nothing the country attribute should not say.
func parseLanguage(attr string) (model.Language, error) {
	raw := strings.TrimSpace(attr)
	tag := strings.ReplaceAll(strings.ToLower(raw), "_", "-")
	primary, _, _ := strings.Cut(tag, "-")
	if l, ok := languageAliases[primary]; ok {
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
