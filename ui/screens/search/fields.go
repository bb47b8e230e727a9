package search

import (
	"strings"

	"tidings/model"
)

// fieldID names one field of the search form, in the order the form shows
// them and tab moves through them.
type fieldID int

const (
	fieldQ fieldID = iota
	fieldSources
	fieldDomains
	fieldExclude
	fieldFrom
	fieldTo
	fieldLanguage
	fieldSort
	fieldCount
)

// textFields is how many fields (from fieldQ on) are free text; the rest are
// choices cycled with ←/→ or space.
const textFields = int(fieldLanguage)

// fieldLabels are the labels the form shows, padded to one column by the view.
var fieldLabels = [fieldCount]string{
	fieldQ:        "Query",
	fieldSources:  "Sources",
	fieldDomains:  "Domains",
	fieldExclude:  "Exclude domains",
	fieldFrom:     "From",
	fieldTo:       "To",
	fieldLanguage: "Language",
	fieldSort:     "Sort",
}

// fieldPlaceholders hint at the format of each free-text field.
var fieldPlaceholders = [textFields]string{
	fieldQ:       "keywords (required)",
	fieldSources: "source ids, comma-separated",
	fieldDomains: "example.com, other.org",
	fieldExclude: "domains to leave out",
	fieldFrom:    "2026-11-20, 2026-11-20T08:00:00Z, 3d, 12h, yesterday",
	fieldTo:      "2026-11-20, 2026-11-20T08:00:00Z, 3d, 12h, today",
}

// paramOfField is the spec's name of the parameter each form field holds,
// as a model.ValidationError's Param names it.
var paramOfField = [fieldCount]string{
	fieldQ:        "q",
	fieldSources:  "sources",
	fieldDomains:  "domains",
	fieldExclude:  "excludeDomains",
	fieldFrom:     "from",
	fieldTo:       "to",
	fieldLanguage: "language",
	fieldSort:     "sortBy",
}

// fieldOfParam is the form field that holds the parameter param.
func fieldOfParam(param string) (fieldID, bool) {
	for id, p := range paramOfField {
		if p == param {
			return fieldID(id), true
		}
	}
	return 0, false
}

// languageOptions are the choices of the language field: "any" (the empty
// Language) first, then every language of langs (the service's).
func languageOptions(langs []model.Language) []model.Language {
	return append([]model.Language{""}, langs...)
}

// sortOptions are the choices of the sort field, newest first leading
// because it is the default order.
func sortOptions() []model.SortBy {
	return []model.SortBy{model.SortPublishedAt, model.SortRelevancy, model.SortPopularity}
}

// languageLabel is how the form and the summary line show a language.
func languageLabel(l model.Language) string {
	if l == "" {
		return "Any language"
	}
	return l.Label()
}

// sortLabel is how the form and the summary line show a sort order; the
// empty order is the default one.
func sortLabel(s model.SortBy) string {
	if s == "" {
		s = model.DefaultSortBy
	}
	return s.Name()
}

// errorSentence names field id once in front of its error. The model's
// messages name the parameter as the spec spells it ("domains: \"x\" is
// not a valid domain name", "q is required: …"); that name gives way to
// the form's label, so the line does not read "Domains: domains: …".
func errorSentence(id fieldID, msg string) string {
	label := fieldLabels[id]
	if param := paramOfField[id]; param != "" {
		if rest, ok := strings.CutPrefix(msg, param+": "); ok {
			return label + ": " + rest
		}
		if rest, ok := strings.CutPrefix(msg, param+" "); ok {
			return label + " " + rest
		}
	}
	return label + ": " + msg
}
