package stories

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"tidings/lazy"
	"tidings/model"
)

// feature is one normalised word of an article and how much it says
// about the article: the words of the title weigh most. It is the word's
// hash with its lowest seven bits saying what the word is in the article
// (featTitle and the rest), eight bytes, as the index holds a hundred of
// them an article.
type feature uint64

// The bits of a feature.
const (
	featTitle  feature = 1 // the title has the word
	featName   feature = 2 // a name: capitalised inside a clause, or an acronym, or a weak name
	featFigure feature = 4 // a figure ("2.6%", "4,870", "1m" as 1000000)
	// featSmallFigure marks a figure of one digit ("2-1", "3 days"),
	// which two events share too often to say they are one.
	featSmallFigure feature = 8
	// featMaybeName: the word opened a clause with a capital, a name or
	// not. profileOf keeps it on the words it takes for names only
	// because they open clauses and are never written lower-case in the
	// article ("Storm Orla: …", but also "Magnitude 6.1 earthquake …"):
	// weak names, which stand apart from no story and link none.
	featMaybeName feature = 16
	// featLower: the word was written lower-case (profileOf clears it).
	featLower feature = 32
	// featHead: the title or the description has the word (not only
	// the text): what a feed gives of every article, so what two
	// reports are compared on when anchoring (anchors.go).
	featHead feature = 64
	// featShort: the word has fewer than four letters ("for", "på",
	// "år"): in languages whose function words stopwords.go does not
	// list, such a word says nothing of an event (anchors.go).
	featShort feature = 128
	// featCont: the word is capitalised right after another capitalised
	// word of its clause ("Arlington Open", "Liga Endesa", "St Aurel",
	// "Marseille-Provence"): the rest of a name of several words, which
	// two reports sharing it share once, not twice (anchors.go).
	featCont feature = 256
	featBits         = 511
)

func newFeature(word uint64, inTitle, name, figure bool) feature {
	f := feature(word &^ featBits)
	if figure {
		f |= featFigure
	}
	if inTitle {
		f |= featTitle
	}
	if name {
		f |= featName
	}
	return f
}

// h is the feature's word (the hash without its bits).
func (f feature) h() uint64 { return uint64(f &^ featBits) }

// isName says the feature's word is a name somewhere in the article,
// not a figure.
func (f feature) isName() bool { return f&(featName|featFigure) == featName }

// w is the feature's weight.
func (f feature) w() float32 {
	if f&featTitle != 0 {
		return titleWeight
	}
	return textWeight
}

// How an article is read.
const (
	// Word weights: the title's, and the description's and text's.
	titleWeight = 1.0
	textWeight  = 0.8
	// contentWords is how much of the text is read: its opening, which
	// on most services repeats the description and then tells the
	// event's particulars (who, where, how many).
	contentWords = 60
	// maxWords bounds the words read of one article (and so its memory
	// and its cost to compare); the title's and description's come
	// first.
	maxWords = 96
	// stemRunes is where a word is cut: "floods", "flooded" and "flood"
	// read alike, and so do "élection" and "élections".
	stemRunes = 6
)

// profile is what grouping compares of an article.
type profile struct {
	feats []feature // sorted by hash, each once
	// frames are the article's words in their contexts (see rawFrame).
	frames []rawFrame
	// titleFigures and figures are the numbers the title and the whole
	// article give ("2.6%", "4,870"), sorted, each once.
	titleFigures, figures []uint64
}

// rawFrame is a word in its context: the two words before it (or the
// two after it) and the word itself, the filler. Two reports whose
// sentences share a frame but fill it differently ("floods hit Halden"
// and "floods hit Eastport", "cost of 6 years" and "cost of 5 years")
// tell of different events, however alike the rest of their words: that
// is how one template of news (a storm, a rate decision, a transfer)
// covering several events is told apart from one event told several
// ways. The Grouper keeps frames in a smaller form (frame).
type rawFrame struct {
	key    uint64    // the context: two words and which side they are on
	ctx    [2]uint64 // the context's words
	filler uint64    // the word between
	// particular says the filler names something: a figure, or a word
	// capitalised inside a sentence in a language whose capitals mark
	// names. Only particulars that differ
	// surely tell events apart: two wordings of one event differ in
	// their other words all the time.
	particular bool
	// named says a word of the context is a particular: the frame is
	// then the wording around a name, which reports of one event vary.
	named bool
	title bool // the frame is in the headline
	// head says the frame is in the title or the description; the
	// text's frames are kept only for their particulars (see frames).
	head bool
}

// profileOf reads d.
func profileOf(d *Doc) profile {
	tok := tokenizer{lang: d.Language, casedNames: capitalisesNames(d.Language)}
	tok.inTitle = true
	tok.add(d.Title, 0)
	tok.inTitle = false
	titleFigures := sortedSet(slices.Clone(tok.figures))
	tok.add(d.Description, 0)
	tok.inText = true
	tok.add(contentText(d.Content), contentWords)

	fs := tok.out
	// Sorted, a word's features are together: keep one, in the title
	// and a name if any of them is.
	slices.Sort(fs)
	kept := fs[:0]
	for _, f := range fs {
		if n := len(kept); n > 0 && kept[n-1].h() == f.h() {
			kept[n-1] |= f & featBits
			continue
		}
		kept = append(kept, f)
	}
	for i, f := range kept {
		switch {
		case f&featName != 0:
			f &^= featMaybeName // a name inside a clause somewhere
		case f&featMaybeName != 0 && f&featLower == 0:
			f |= featName // a weak name: featMaybeName stays
		default:
			f &^= featMaybeName
		}
		kept[i] = f &^ featLower
	}
	return profile{feats: kept, frames: tok.frames, titleFigures: titleFigures, figures: sortedSet(tok.figures)}
}

// contentText strips what services wrap text in: a few HTML tags and
// NewsAPI's "… [+1234 chars]" marker.
func contentText(s string) string {
	if i := strings.LastIndex(s, "[+"); i >= 0 && strings.HasSuffix(s, "chars]") {
		s = s[:i]
	}
	if strings.IndexByte(s, '<') < 0 {
		return s
	}
	var b strings.Builder
	in := false
	for _, r := range s {
		switch {
		case r == '<':
			in = true
		case r == '>' && in:
			in = false
			b.WriteByte(' ')
		case !in:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// tokenizer splits text into normalised words, clause by clause.
type tokenizer struct {
	lang    model.Language
	out     []feature
	frames  []rawFrame
	figures []uint64
	read    int      // words read of the article
	seq     []uint64 // the current clause's words, in order
	names   []bool   // whether each word of seq is a particular
	word    []rune   // the word being read
	// capital says the word being read started with a capital letter;
	// casedNames that the language capitalises names only (not, as
	// German does, every noun); titleCase that this field capitalises
	// most words (as English headlines often do), so capitals say
	// nothing of names in it.
	capital, casedNames, titleCase bool
	// prevCapital says the clause's last word was capitalised (not a
	// figure nor a function word): see featCont.
	prevCapital bool
	// acronym says every letter of the word being read is a capital
	// ("ESB", "EZB"): a name wherever it stands.
	acronym         bool
	inTitle, inText bool
	// prevValue is the whole number the last word was (1 for "a",
	// "one"), 0 if it was none: a multiplier after it gives a figure.
	prevValue int64
	// lastFigure is the figure the last word was ("" if none), and
	// perAfter that the word after it was "per", "pour" or "por": a
	// percent sign or word after it makes it a rate (percentOf).
	lastFigure string
	perAfter   bool
	// scoreFirst is the figure before a "-" or ":" just read between
	// two figures ("27-24", "88:79"): a result (addScore).
	scoreFirst string
}

// addFigure adds figure h (a name, not in any frame).
func (t *tokenizer) addFigure(h uint64) {
	t.out = append(t.out, t.headed(newFeature(h, t.inTitle, true, true)))
	t.figures = append(t.figures, h&^figureKinds)
}

// The figures lists (profile) mark a rate ("2.6%", "2,9 Prozent",
// "2.50 per cent") and a result ("27-24", "88:79") by their top bits,
// which plain figures never have: sorted, the results come after the
// plain figures and the rates last.
const (
	figureKinds = 3 << 62
	scoreMark   = 1 << 62
	percentMark = 3 << 62
)

// addScore adds the result of figures a and b, in either order ("79:88"
// is the loser's "88:79"), when both have at most three digits (not
// "2026-27").
func (t *tokenizer) addScore(a, b string) {
	if len(a) > 3 || len(b) > 3 {
		return
	}
	if len(a) > len(b) || len(a) == len(b) && a > b {
		a, b = b, a
	}
	t.figures = append(t.figures, hashString(a+"-"+b)&^figureKinds|scoreMark)
}

// addPercent adds the figure just read as a rate too. Its digits are
// read without the trailing zeros, as the decimal separator is not
// kept: "2.5%" and "2.50 per cent" are one rate (and so, wrongly but
// harmlessly, are "20%" and "2%": fewer rates differ).
func (t *tokenizer) addPercent() {
	digits := strings.TrimRight(t.lastFigure, "0")
	t.figures = append(t.figures, hashString("%"+digits)|percentMark)
	t.lastFigure, t.perAfter = "", false
}

// The words that make a figure a rate: "percent", and "cent" after
// "per" ("per cent", "pour cent", "por ciento", "per cento").
const (
	percentWord = 1 + iota
	percentPer
	percentCent
)

var percentWords = lazy.Value[map[uint64]int]{Build: func() map[uint64]int {
	m := map[uint64]int{}
	for _, w := range []string{"percent", "pct", "prozent", "procent", "pourcent"} {
		m[hashString(w)] = percentWord
	}
	for _, w := range []string{"per", "pour", "por"} {
		m[hashString(w)] = percentPer
	}
	for _, w := range []string{"cent", "ciento", "cento"} {
		m[hashString(w)] = percentCent
	}
	return m
}}

// headed marks f as in the title or description unless the text is
// being read.
func (t *tokenizer) headed(f feature) feature {
	if !t.inText {
		f |= featHead
	}
	return f
}

// add reads text, at most limit words of it (0: all).
func (t *tokenizer) add(text string, limit int) {
	n := 0
	t.word = t.word[:0]
	t.titleCase = t.casedNames && usesTitleCase(t.lang) && mostlyCapitalised(text)
	defer t.endClause()
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		i += size
		if isWordRune(r) {
			if len(t.word) == 0 {
				t.capital, t.acronym = unicode.IsUpper(r), unicode.IsUpper(r)
			} else if !unicode.IsUpper(r) {
				t.acronym = false
			}
			t.word = appendFolded(t.word, r)
			continue
		}
		if isSeparatorInNumber(r) && len(t.word) > 0 && isDigit(t.word[len(t.word)-1]) && i < len(text) && isDigitByte(text[i]) {
			continue // 12,000 and 4.25 are one figure each
		}
		if len(t.word) > 0 {
			if t.emit() {
				n++
			}
			t.word = t.word[:0]
			if limit > 0 && n >= limit || t.read >= maxWords {
				return
			}
			if (r == '-' || r == '–' || r == ':') && t.lastFigure != "" && !t.inText && i < len(text) && isDigitByte(text[i]) {
				t.scoreFirst = t.lastFigure
			}
		}
		if r == '%' && t.lastFigure != "" {
			t.addPercent()
		}
		if endsClause(r) {
			t.endClause() // a frame never spans two clauses
		}
	}
	if len(t.word) > 0 {
		t.emit()
		t.word = t.word[:0]
	}
}

// emit takes the word read, reporting whether it was kept.
func (t *tokenizer) emit() bool {
	if len(t.word) == 0 || t.read >= maxWords {
		return false
	}
	whole := hashRunes(t.word)
	stop := stopwords.Get()[t.lang][whole]
	first := t.scoreFirst
	t.scoreFirst = ""
	if t.lastFigure != "" {
		switch pw := percentWords.Get()[whole]; {
		case pw == percentWord || pw == percentCent && t.perAfter:
			t.addPercent()
		case pw == percentPer && !t.perAfter:
			t.perAfter = true
			return false
		}
	}
	t.lastFigure, t.perAfter = "", false
	prev := t.prevValue
	t.prevValue = 0
	if v, ok := scaled(t.word); ok {
		t.word = []rune(strconv.FormatInt(v, 10))
	}
	word := stem(t.lang, t.word)
	if len(word) < 2 && !isDigit(word[0]) {
		if ones.Get()[whole] {
			t.prevValue = 1
		}
		return false
	}
	t.read++
	h := hashRunes(word)
	figure := isDigit(word[0])
	// Inside a clause a capital is a name's; opening one it may be or
	// not ("Canada pledges …", "Strong earthquake …"), which only a
	// template's slot can tell (see conflict).
	name := figure || (t.casedNames && !t.titleCase && t.capital && len(t.seq) > 0)
	switch {
	case figure:
		if v, ok := wholeNumber(t.word); ok {
			t.prevValue = v
		}
		t.lastFigure = string(word)
		if first != "" {
			t.addScore(first, t.lastFigure)
		}
	case ones.Get()[whole]:
		t.prevValue = 1
	case prev > 0 && multipliers.Get()[whole] > 0:
		t.addFigure(hashRunes([]rune(strconv.FormatInt(prev*multipliers.Get()[whole], 10))))
	}
	if !stop {
		f := newFeature(h, t.inTitle, name || t.acronym && !figure, figure)
		if figure && len(word) == 1 {
			f |= featSmallFigure
		}
		if len(word) < 4 {
			f |= featShort
		}
		if !figure && t.prevCapital && (t.capital || t.acronym) && !t.titleCase && t.casedNames {
			f |= featCont
		}
		if !figure && !name && !t.acronym && !t.titleCase && t.casedNames {
			if t.capital {
				f |= featMaybeName // opens a clause: a name if never written lower-case
			} else {
				f |= featLower
			}
		}
		t.out = append(t.out, t.headed(f))
		if family, ok := concepts.Get()[h]; ok && !figure {
			t.out = append(t.out, t.headed(newFeature(family, t.inTitle, false, false)))
		}
		if compounding(t.lang) && !figure && len(t.word) >= minAffixWord {
			a, b := affixes(t.word)
			t.out = append(t.out, newFeature(a, t.inTitle, false, false), newFeature(b, t.inTitle, false, false))
		}
	}
	if figure {
		t.figures = append(t.figures, h&^figureKinds)
	}
	t.seq = append(t.seq, h)
	t.names = append(t.names, name)
	t.prevCapital = !stop && !figure && (t.capital || t.acronym)
	return true
}

// endClause adds the frames of the clause just read, each word with the
// two before it and with the two after it, and starts the next clause.
func (t *tokenizer) endClause() {
	for i, h := range t.seq {
		if i >= 2 {
			t.frames = append(t.frames, rawFrame{key: mixKey(1, t.seq[i-2], t.seq[i-1]), ctx: [2]uint64{t.seq[i-2], t.seq[i-1]},
				filler: h, particular: t.names[i], named: t.names[i-2] || t.names[i-1], title: t.inTitle, head: !t.inText})
		}
		if i+2 < len(t.seq) {
			t.frames = append(t.frames, rawFrame{key: mixKey(2, t.seq[i+1], t.seq[i+2]), ctx: [2]uint64{t.seq[i+1], t.seq[i+2]},
				filler: h, particular: t.names[i], named: t.names[i+1] || t.names[i+2], title: t.inTitle, head: !t.inText})
		}
	}
	t.seq, t.names = t.seq[:0], t.names[:0]
	t.prevCapital = false
}

// capitalisesNames says lang's capitals inside a sentence mark names
// (particulars). Arabic, Hebrew and Urdu have no capitals. German
// capitalises every noun, so there a different noun in a shared frame
// ("beschließt Heizungsgesetz", "beschließt Rentengesetz") parts two
// reports too, which the evaluation measured as better on both counts
// than treating German as uncased (docs/stories.md).
func capitalisesNames(lang model.Language) bool {
	switch lang {
	case "ar", "he", "ud", "":
		return false
	}
	return true
}

// usesTitleCase says lang's headlines may Capitalise Most Words; a
// German headline is mostly capitals because its nouns are.
func usesTitleCase(lang model.Language) bool { return lang != "de" }

// mostlyCapitalised says nearly all of text's longer words start with a
// capital, as in a Title Case Headline.
func mostlyCapitalised(text string) bool {
	words, caps := 0, 0
	for _, w := range strings.Fields(text) {
		r, _ := utf8.DecodeRuneInString(w)
		if utf8.RuneCountInString(w) < 4 || !unicode.IsLetter(r) {
			continue
		}
		words++
		if unicode.IsUpper(r) {
			caps++
		}
	}
	return words >= 3 && caps*10 >= words*8
}

// endsClause says r ends a sentence or a clause.
func endsClause(r rune) bool {
	switch r {
	case '.', '!', '?', ';', ':', '…', '—', '–', '|', '"', '“', '”', '«', '»', '(', ')', '۔', '؟', '،', '。':
		return true
	}
	return false
}

// mixKey hashes a frame's side and context words into one key.
func mixKey(side, a, b uint64) uint64 {
	x := a*0x9e3779b97f4a7c15 ^ (b+side)*0xbf58476d1ce4e5b9
	x ^= x >> 31
	return x * 0x94d049bb133111eb
}

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

func isSeparatorInNumber(r rune) bool { return r == '.' || r == ',' || r == '\u00a0' || r == '\u202f' }
func isDigit(r rune) bool             { return r >= '0' && r <= '9' }
func isDigitByte(b byte) bool         { return b >= '0' && b <= '9' }

// appendFolded appends r lower-cased with its accents and other combining
// marks (Arabic and Hebrew vowel points among them) taken off.
func appendFolded(dst []rune, r rune) []rune {
	if r < utf8.RuneSelf {
		if r >= 'A' && r <= 'Z' {
			r += 'a' - 'A'
		}
		return append(dst, r)
	}
	if unicode.Is(unicode.Mn, r) || r == 'ـ' { // marks, Arabic tatweel
		return dst
	}
	r = unicode.ToLower(r)
	if f, ok := folded.Get()[r]; ok {
		return append(dst, f...)
	}
	return append(dst, r)
}

// folded maps the precomposed Latin letters to their letters without
// marks (é → e; ß stays ß), built from Unicode's decompositions the first
// time a word is folded: the reader links this package (its demo service
// groups stories) but most of its runs never tokenize, and a package
// initialiser would build it at every start (issue 31).
var folded = lazy.Value[map[rune][]rune]{Build: func() map[rune][]rune {
	m := map[rune][]rune{}
	for r := rune(0xC0); r <= 0x24F; r++ {
		if !unicode.IsLetter(r) {
			continue
		}
		var base []rune
		for _, d := range norm.NFD.String(string(r)) {
			if !unicode.Is(unicode.Mn, d) {
				base = append(base, unicode.ToLower(d))
			}
		}
		if len(base) > 0 && string(base) != string(unicode.ToLower(r)) {
			m[r] = base
		}
	}
	m['ё'] = []rune{'е'}
	return m
}}

// stem cuts word to its stem: a few prefixes of the Semitic languages
// (the article, "and", "to" and the like, written joined to the word) come
// off, and every word is cut to stemRunes runes. Figures are kept whole.
func stem(lang model.Language, word []rune) []rune {
	if isDigit(word[0]) {
		return word
	}
	switch lang {
	case "ar", "ud":
		word = trimPrefixes(word, arabicPrefixes.Get())
	case "he":
		word = trimPrefixes(word, hebrewPrefixes.Get())
	}
	if len(word) > stemRunes {
		word = word[:stemRunes]
	}
	return word
}

// The prefixes are built on first use: a []rune conversion at package
// level would run in every tidings process at start-up.
var (
	arabicPrefixes = lazy.Value[[][]rune]{Build: func() [][]rune {
		return runesOf("وال", "بال", "كال", "فال", "لل", "ال")
	}}
	hebrewPrefixes = lazy.Value[[][]rune]{Build: func() [][]rune {
		return runesOf("וה", "שה", "ב", "ה", "ו", "ל", "מ", "ש")
	}}
)

func runesOf(words ...string) [][]rune {
	out := make([][]rune, len(words))
	for i, w := range words {
		out[i] = []rune(w)
	}
	return out
}

// trimPrefixes takes off the first of prefixes word starts with, when at
// least three letters remain.
func trimPrefixes(word []rune, prefixes [][]rune) []rune {
	for _, p := range prefixes {
		if len(word)-len(p) >= 3 && slices.Equal(word[:len(p)], p) {
			return word[len(p):]
		}
	}
	return word
}

// hashRunes is 64-bit FNV-1a over the runes.
func hashRunes(word []rune) uint64 {
	h := uint64(14695981039346656037)
	for _, r := range word {
		for r != 0 {
			h ^= uint64(r & 0xFF)
			h *= 1099511628211
			r >>= 8
		}
	}
	return h
}

func sortedSet(x []uint64) []uint64 {
	slices.Sort(x)
	return slices.Compact(x)
}
