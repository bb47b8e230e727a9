package normalise

import (
	"strings"

	"golang.org/x/text/language"

	"tidings/model"
)

// specLanguage maps an ISO 639-1 code to the spec's spelling of it, for
// the spec's thirteen languages, or "". Norwegian Bokmål and Nynorsk are
// the spec's Norwegian; Swedish is "se" and Urdu "ud" in the spec.
func specLanguage(code string) model.Language {
	switch code {
	case "ar", "de", "en", "es", "fr", "he", "it", "nl", "no", "pt", "ru":
		return model.Language(code)
	case "nb", "nn":
		return "no"
	case "sv":
		return "se"
	case "ur":
		return "ud"
	}
	return ""
}

// MapLanguage maps a feed's language tag ("en-US", "sv", "nb", "ur", "iw",
// "eng") to the spec's code, or "" when the tag names none of the spec's
// thirteen languages or cannot be read. Case, '_' for '-' and surrounding
// space do not matter; deprecated and three-letter codes are understood
// (iw → he, swe → se).
//
// The spec's own codes are accepted as they are: "ud" for Urdu, which is
// no ISO code, and "se" for Swedish, although ISO gives "se" to Northern
// Sami: a feed that says "se" is far more likely Swedish, written with
// Sweden's country code.
func MapLanguage(tag string) model.Language {
	tag = strings.ReplaceAll(strings.ToLower(strings.TrimSpace(tag)), "_", "-")
	primary, _, _ := strings.Cut(tag, "-")
	switch primary {
	case "se", "ud":
		return model.Language(primary)
	case "":
		return ""
	}
	t, err := language.Parse(tag)
	if err != nil {
		// "en-u" or a bad region still tells the language
		if t, err = language.Parse(primary); err != nil {
			return ""
		}
	}
	base, conf := t.Base()
	if conf != language.Exact {
		return ""
	}
	return specLanguage(base.String())
}
