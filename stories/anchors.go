package stories

import (
	"slices"
	"time"
)

// Anchors (issue 29). Outlets telling one event in their own words share
// few of its words, so the cosine of rule 1 stays low ("Earthquake kills
// at least 12 in Veloria's south" and "Veloria quake: death toll rises to
// 27 as rescuers dig through rubble": 0.12), but they nearly always share
// one of its particulars: a name or a figure that no other article
// indexed (the last Retention) gives. Such a particular, in the headline
// or standfirst of both and a headline of one, anchors the new article to
// the story: the story's bars are then the linked ones (match.go) and its
// conflicts (a figure that changed, a frame filled otherwise) are waived,
// as an update changes the figures, not the names.
//
// What keeps near misses apart:
//   - Rarity over the whole index, not the window: a place or a company in
//     the news all week ("Harbor City", "Nimbus Cloud" on the demo, where
//     one name has several events a day) is no one story's own.
//   - A name alone is not enough: the two must share another word of
//     their headlines and standfirsts (anchorSharedWords), and when they
//     share no word of the event besides (a predicate: not a name, in a
//     headline of one of them, no other story of the window has it), the
//     name must be in both headlines.
//   - Key names (clash): when they share no predicate and no more than one
//     name of the story's own (two in German), a name of the new
//     headline that the story never gives, beside a name of the story's
//     headlines that the new article never gives, parts them ("Chebet
//     retains women's title in Harrowgate" beside "Kiptoo smashes course
//     record to win Harrowgate Marathon"; "Grève à la RATP" beside "Grève
//     à la SNCF").
//
// Without a shared name, two or more predicates that no other indexed
// article has (the event's own words: "censure", "huelga de médicos")
// anchor too, in a language whose capitals mark names, when neither
// side names anything the other does not: the conflicts then still
// apply. German capitalises every noun, so there two shared particulars
// are needed and the key names are always asked. Words of one family of
// events ("walkout", "strike") share the family's word (concepts.go).
//
// Measured on the demo catalogue (whose events of one template and one
// name are the near misses) and the hand-written real-world set: see
// docs/stories.md. Nothing here knows a word of either; the families of
// event words (concepts.go) are general.
const (
	// anchorOutside is how many indexed articles outside the story may
	// have a particular for it still to be the story's own: one event's
	// reports split over two stories still anchor a third.
	anchorOutside = 1
	// predicateSlack is how many other stories of the window (Window
	// either side) may have a predicate.
	predicateSlack = 1
	// predicateMaxDF: a word in more of the language's indexed articles
	// is no predicate of one story (and its postings are not read).
	predicateMaxDF = 64
	// anchorsNeeded is how many anchors an article needs (German:
	// anchorsNeededDE, as every noun is capitalised there).
	anchorsNeeded   = 1
	anchorsNeededDE = 2
	// anchorSharedWords is how many words of their titles and
	// standfirsts the article and the story must share: one name alone
	// ("Kiwi chick hatches at Wellington zoo", "Kiwi sanctuary opens on
	// Kapiti Island") is too thin.
	anchorSharedWords = 2
	// wordedAnchors is how many of the story's own predicates anchor
	// without a shared name.
	wordedAnchors = 2
)

// anchor is how a new article is anchored to a story.
type anchor uint8

const (
	unanchored anchor = iota
	// anchorNamed: by a shared particular; the story's conflicts are
	// waived.
	anchorNamed
	// anchorWorded: by the story's own words; the conflicts still apply.
	anchorWorded
)

// anchorCache remembers, within one match, how e was anchored to each
// story judged (a story's several candidates are judged once).
type anchorCache struct {
	story int64
	how   anchor
}

// anchorTo says how new article e is anchored to story (see the top of
// this file).
func (g *Grouper) anchorTo(e *entry, story int64) anchor {
	if e.t-g.storyStart(story) > int64(linkedStoryAge/time.Second) {
		return unanchored
	}
	need := anchorsNeeded
	if e.lang == "de" {
		need = anchorsNeededDE
	}
	s := g.shared(e, story)
	if s.words < anchorSharedWords {
		return unanchored
	}
	switch {
	case s.anchors >= need:
		// German's predicates are its few words not capitalised: there
		// the key names are asked always.
		if s.predicates > 0 && e.lang != "de" {
			return anchorNamed
		}
		// One anchor and no predicate: the name must be in both headlines
		// and the second word shared in a headline too, of four letters
		// or more ("St Aurel …" is one name; "Kamer" and a standfirst's
		// "meerderheid" are one parliament's two votes). Key names are
		// asked unless two names of the story's own are shared ("Mbappé"
		// and "Madrid" beside "Barça" and "Barcelona"), one name of two
		// words ("Liga Endesa") counting once.
		if s.anchors == need && (s.titleAnchors == 0 || s.titleWords < anchorSharedWords) || s.units <= need && g.clash(e, story) {
			return unanchored
		}
		return anchorNamed
	case s.ownPredicates >= wordedAnchors && capitalisesNames(e.lang) &&
		!g.namesAbsent(e, story) && !g.storyNamesAbsent(e, story):
		return anchorWorded
	}
	return unanchored
}

// sharing is what a new article shares with a story's articles.
type sharing struct {
	// words: the words of their titles and standfirsts in common.
	words int
	// titleWords: those of them in a title of one at least, of four
	// letters or more.
	titleWords int
	// anchors: particulars in common, in a title of one at least and in
	// no more than anchorOutside indexed articles outside the story;
	// titleAnchors of them are in a title of both.
	anchors, titleAnchors int
	// units: the anchors less those that continue a name of several
	// words in both (featCont): "Liga Endesa" is one name.
	units int
	// predicates: words in common, not names nor figures nor short, in a
	// title of one at least, that no more than predicateSlack other
	// stories of the window have; ownPredicates of them are in no more
	// than anchorOutside indexed articles outside the story.
	predicates, ownPredicates int
}

// shared counts what new article e shares with story's articles.
func (g *Grouper) shared(e *entry, story int64) sharing {
	b := &g.shareBuf
	words, titleWords, particulars, titled, preds, conts := b[0][:0], b[1][:0], b[2][:0], b[3][:0], b[4][:0], b[5][:0]
	defer func() { *b = [6][]uint64{words, titleWords, particulars, titled, preds, conts} }()
	ef := e.feats()
	for _, m := range g.members[story] {
		if m.dead {
			continue
		}
		mf := m.feats()
		i, j := 0, 0
		for i < len(ef) && j < len(mf) {
			a, b := feature(ef[i]), feature(mf[j])
			switch ha, hb := a.h(), b.h(); {
			case ha < hb:
				i++
			case ha > hb:
				j++
			default:
				if a&b&featHead != 0 {
					words = addOnce(words, ha)
					either := (a|b)&featTitle != 0
					if either && (a|b)&featShort == 0 {
						titleWords = addOnce(titleWords, ha)
					}
					switch {
					case isAnchor(a, b) && either:
						if a&b&featCont != 0 {
							conts = addOnce(conts, ha)
						}
						particulars = addOnce(particulars, ha)
						if a&b&featTitle != 0 {
							titled = addOnce(titled, ha)
						}
					case either && (a|b)&(featFigure|featShort) == 0 && !strongName(a) && !strongName(b):
						preds = addOnce(preds, ha)
					}
				}
				i++
				j++
			}
		}
	}
	s := sharing{words: len(words), titleWords: len(titleWords)}
	for _, h := range particulars {
		if g.outside(h, e, story) <= anchorOutside {
			s.anchors++
			if !slices.Contains(conts, h) {
				s.units++
			}
			if slices.Contains(titled, h) {
				s.titleAnchors++
			}
		}
	}
	for _, h := range preds {
		// A word that is a name in another pair of the story's articles
		// is a name, not a word of the event's.
		if slices.Contains(particulars, h) || g.othersWith(h^e.salt, e, story) > predicateSlack {
			continue
		}
		s.predicates++
		if g.outside(h, e, story) <= anchorOutside {
			s.ownPredicates++
		}
	}
	return s
}

func addOnce(s []uint64, h uint64) []uint64 {
	if slices.Contains(s, h) {
		return s
	}
	return append(s, h)
}

// isAnchor says a word two articles share may anchor: a name or a
// figure of two digits or more in both, not a weak name in both.
func isAnchor(a, b feature) bool {
	return a&(featName|featFigure) != 0 && b&(featName|featFigure) != 0 &&
		a&featSmallFigure == 0 && (a&featMaybeName == 0 || b&featMaybeName == 0)
}

// strongName says f is a name and not a weak one (see featMaybeName).
func strongName(f feature) bool { return f&featName != 0 && f&featMaybeName == 0 }

// outside is how many indexed articles not of story have word h (a
// feature's h).
func (g *Grouper) outside(h uint64, e *entry, story int64) int {
	n := int(g.df[h^e.salt])
	for _, m := range g.members[story] {
		if !m.dead && hasWord(m, h) {
			n--
		}
	}
	return n
}

// othersWith is how many stories other than story, of articles within
// Window of e, have the language-salted word h, counted up to
// predicateSlack+1 (a word too common to be anyone's own counts as
// more).
func (g *Grouper) othersWith(h uint64, e *entry, story int64) int {
	if g.df[h] > predicateMaxDF {
		return predicateSlack + 1
	}
	var seen [predicateSlack + 1]int64
	n := 0
	for b := bucketOf(e.t - g.window); b <= bucketOf(e.t+g.window); b++ {
		ps := g.post[postKey(h, b)]
		if ps == nil {
			continue
		}
		for _, hd := range ps.list {
			c := g.ents[hd]
			if c == nil || c.dead || c.story == story || abs64(c.t-e.t) > g.window || slices.Contains(seen[:n], c.story) {
				continue
			}
			if n == len(seen) {
				return n + 1
			}
			seen[n] = c.story
			n++
		}
	}
	return n
}

// clash says new article e's headline names something that none of
// story's articles gives, while one of the story's headlines names
// something e does not give: two events of one place or one kind, each
// with its own key names. A weak name counts ("Tesfaye breaks …" beside
// "Achieng wins …": a headline often opens with its key name).
func (g *Grouper) clash(e *entry, story int64) bool {
	return g.namesAbsent(e, story) && g.storyNamesAbsent(e, story)
}

// namesAbsent says e's title has a name no article of story has.
func (g *Grouper) namesAbsent(e *entry, story int64) bool {
	for _, fw := range e.feats() {
		f := feature(fw)
		if f&featTitle == 0 || !f.isName() {
			continue
		}
		found := false
		for _, m := range g.members[story] {
			if !m.dead && hasWord(m, f.h()) {
				found = true
				break
			}
		}
		if !found {
			return true
		}
	}
	return false
}

// storyNamesAbsent says a title of story's articles has a name e does
// not have.
func (g *Grouper) storyNamesAbsent(e *entry, story int64) bool {
	for _, m := range g.members[story] {
		if m.dead {
			continue
		}
		for _, fw := range m.feats() {
			f := feature(fw)
			if f&featTitle != 0 && f.isName() && !hasWord(e, f.h()) {
				return true
			}
		}
	}
	return false
}

// hasWord says e has the word h (a feature's h).
func hasWord(e *entry, h uint64) bool {
	_, ok := slices.BinarySearchFunc(e.feats(), h, func(f uint64, h uint64) int {
		switch fh := feature(f).h(); {
		case fh < h:
			return -1
		case fh > h:
			return 1
		}
		return 0
	})
	return ok
}
