package demo

import "tidings/model"

// Short names for the seven categories, used throughout the phrase banks.
const (
	biz model.Category = "business"
	ent model.Category = "entertainment"
	gen model.Category = "general"
	hea model.Category = "health"
	sci model.Category = "science"
	spo model.Category = "sports"
	tec model.Category = "technology"
)

// bank is everything needed to write news in one language: the outlets
// that publish in it, number formatting, author names, slot fillers and
// per-category templates.
type bank struct {
	lang     model.Language
	decimal  string // decimal separator in numbers: "." or ","
	thousand string // thousands separator: ",", "." or a space
	score    string // separator in match scores: "-" or ":"
	nonLatin bool   // titles cannot become URL slugs
	outlets  []outlet
	// about holds source-description templates per category; they may use
	// {name} (the outlet's name) and {year} (a founding year).
	about map[model.Category][]string
	// leads are summaries that fit any story, for families no desc fits;
	// filler are closing sentences that fit any story, to pad short bodies.
	leads, filler []string
	first         []string // author and people first names
	last          []string // author and people family names
	// slots maps a placeholder name ("city", "company") to its fillers.
	// Placeholders {person} and the numeric ones are computed instead.
	slots  map[string][]string
	topics map[model.Category]*topic
}

// topic is one category's templates in one language.
type topic struct {
	// titles holds story families: each inner slice is several wordings
	// of the same story, so outlets covering it read differently.
	titles [][]string
	descs  []string // one-sentence summaries
	body   []string // sentences that build the article text
}

// outlet is a source before it becomes a model.Source.
type outlet struct {
	id, name string
	cat      model.Category
	country  model.Country
}

// o declares an outlet whose id is derived from its (Latin-script) name.
func o(name string, cat model.Category, country model.Country) outlet {
	return outlet{id: slugify(name, 64), name: name, cat: cat, country: country}
}

// on declares an outlet with an explicit id, for names not in Latin script.
func on(id, name string, cat model.Category, country model.Country) outlet {
	return outlet{id: id, name: name, cat: cat, country: country}
}

// banks lists every language's bank in the spec's language order; the
// order is part of what makes the catalogue deterministic. Each bank is
// built the first time it is needed: they are maps and slices that a
// package initialiser would build at every start of the reader, which
// links this package but uses it only in the demo (issue 31).
func banks() []*bank {
	return []*bank{
		bankAR.Get(), bankDE.Get(), bankEN.Get(), bankES.Get(), bankFR.Get(), bankHE.Get(), bankIT.Get(),
		bankNL.Get(), bankNO.Get(), bankPT.Get(), bankRU.Get(), bankSE.Get(), bankUD.Get(),
	}
}
