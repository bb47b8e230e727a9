package store

import (
	"slices"
	"time"

	"tidings/model"
	"tidings/stories"
)

// The time windows of story grouping, stated once for every backend.
//
// No article is grouped with one more than stories.Window (12 h) older or
// newer, so a grouping needs the articles within Window of what it
// groups, and the rest only weigh in the statistics (a word's rarity).
//
//   - Writes (Add, imports, feed items, pruning) group with the store's
//     one stories.Grouper, which reads from the store the stretch within
//     Window of what it groups and keeps, by its own eviction, what is
//     within 3×Window (36 h) of the newest article it holds (package
//     stories, keepBehind), so that writes arriving in time order read
//     nothing back.
//   - Passes over the whole catalogue (a bulk load, a schema upgrade)
//     read every article oldest first and retire, per language, what is
//     PassRetention behind the newest article of that language
//     (PassRetirer): nothing is read back, and the pass's memory stays
//     bounded by a day of articles, not the catalogue.

// PassRetention is how long, in publication time, a pass keeps an
// article indexed behind the newest of its language.
const PassRetention = 2 * stories.Window

// PassRetirer tracks the dated articles a pass's Grouper holds, per
// language, oldest first, to retire them PassRetention behind the newest.
type PassRetirer struct {
	indexed map[model.Language][]passDoc
}

type passDoc struct {
	id int64
	t  time.Time
}

// Grouped notes docs, just grouped in publication order, and returns the
// ids the Grouper is to forget (Remove): those published more than
// PassRetention before the newest doc of their language.
func (r *PassRetirer) Grouped(docs []stories.Doc) []int64 {
	if r.indexed == nil {
		r.indexed = map[model.Language][]passDoc{}
	}
	newest := map[model.Language]time.Time{}
	for i := range docs {
		d := &docs[i]
		if d.Published.IsZero() {
			continue
		}
		r.indexed[d.Language] = append(r.indexed[d.Language], passDoc{d.ID, d.Published})
		newest[d.Language] = d.Published
	}
	var retire []int64
	for lang, t := range newest {
		cutoff := t.Add(-PassRetention)
		list := r.indexed[lang]
		n := 0
		for n < len(list) && list[n].t.Before(cutoff) {
			retire = append(retire, list[n].id)
			n++
		}
		r.indexed[lang] = slices.Delete(list, 0, n)
	}
	return retire
}
