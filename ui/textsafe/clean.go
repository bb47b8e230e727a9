package textsafe

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

const (
	esc  = 0x1b
	zwj  = '\u200d' // zero width joiner: glues emoji sequences and Indic conjuncts
	zwnj = '\u200c' // zero width non-joiner: required by Persian, Urdu and others

	// maxMarks caps a run of combining marks on one base character. Real
	// scripts (Vietnamese, Indic, Tibetan stacks) stay well below it; "zalgo"
	// text with hundreds of marks paints over neighbouring lines in many
	// terminals.
	maxMarks = 8
)

// Clean returns s with everything that could act on a terminal removed:
//
//   - escape sequences: CSI, OSC (titles, clipboard 52, hyperlinks 8), DCS,
//     APC, PM, SOS, two- and three-byte ESC sequences, and a lone ESC;
//   - their 8-bit C1 forms written as runes U+0080–U+009F (U+009B is treated
//     as CSI, U+009D as OSC, and so on) and every other C1 rune;
//   - C0 controls except '\n': tab becomes a space, '\r', BEL, backspace and
//     the rest are dropped (so "safe\rEVIL" shows both words). U+2028 and
//     U+2029 become '\n';
//   - every format character (Unicode category Cf): bidi embeddings,
//     overrides, isolates and marks, zero-width space, word joiner, BOM, soft
//     hyphen, invisible operators, tag characters, ...
//
// Exceptions kept because real text needs them: ZWJ and ZWNJ survive after a
// letter or combining mark beyond U+02FF (Arabic, Persian, Urdu, the Indic
// scripts, whose shaping depends on them), and between two emoji (after an
// emoji they are kept only if an emoji follows); after Latin or ASCII they
// are dropped. So "👩‍👩‍👧" and "می‌خواهم" are intact while "ex\u200cample"
// loses its joiner. Tag characters survive only as a well-formed emoji tag
// sequence after U+1F3F4 (subdivision flags such as Scotland's).
// Combining marks are dropped at the start of a line or after whitespace
// (where they would attach to borders or vanish), and after maxMarks in a
// row; a variation selector is kept only right after a base character.
//
// Invalid UTF-8 becomes U+FFFD (one per run of bad bytes). The result is
// valid UTF-8, Clean(Clean(s)) == Clean(s), and the cost is linear in len(s).
func Clean(s string) string {
	if isPlainASCII(s) {
		return s
	}
	c := cleaner{}
	c.out.Grow(len(s))
	for i := 0; i < len(s); {
		i = c.step(s, i)
	}
	if out := c.out.String(); out != s {
		return out
	}
	// Nothing was changed: keep the service's string and let the copy go,
	// so a loaded article does not hold its text twice.
	return s
}

// isPlainASCII reports whether s is printable ASCII and '\n' only, the
// overwhelmingly common case, which Clean returns without copying.
func isPlainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if b := s[i]; (b < 0x20 && b != '\n') || b >= 0x7f {
			return false
		}
	}
	return true
}

// cleaner accumulates the output. Every keep/drop decision that depends on
// context looks at what was already emitted (never at what was dropped),
// which is what makes Clean idempotent.
type cleaner struct {
	out     strings.Builder
	prev    rune // last rune written, 0 before the first
	marks   int  // combining marks written since the last base rune
	pending rune // ZWJ/ZWNJ waiting to see whether a joinable rune follows
}

// step consumes the item starting at s[i] and returns the next index.
func (c *cleaner) step(s string, i int) int {
	r, size := utf8.DecodeRuneInString(s[i:])
	switch {
	case r >= 0x20 && r < 0x7f: // printable ASCII, the common case
		c.emit(r)
	case r == utf8.RuneError && size <= 1:
		j := i + 1
		for j < len(s) {
			if r2, n := utf8.DecodeRuneInString(s[j:]); r2 != utf8.RuneError || n > 1 {
				break
			}
			j++
		}
		c.emit(utf8.RuneError)
		return j
	case r == esc:
		return skipEscape(s, i+1)
	case r == 0x9b: // 8-bit CSI
		return skipCSI(s, i+size)
	case r == 0x90, r == 0x98, r == 0x9d, r == 0x9e, r == 0x9f: // DCS SOS OSC PM APC
		return skipString(s, i+size)
	case r == '\n', r == '\u2028', r == '\u2029':
		c.newline()
	case r == '\t':
		c.emit(' ')
	case r < 0x20, r >= 0x7f && r <= 0x9f:
		// other C0, DEL and C1 controls: dropped
	case r == zwj, r == zwnj:
		c.joiner(r)
	case r == blackFlag:
		c.emit(r)
		if n := tagSequenceLen(s[i+size:]); n > 0 {
			c.out.WriteString(s[i+size : i+size+n])
			return i + size + n
		}
	case unicode.Is(unicode.Cf, r):
		// format characters are invisible by definition: bidi controls,
		// zero-width space, word joiner, BOM, soft hyphen, stray tags, ...
	case unicode.In(r, unicode.Mn, unicode.Me):
		c.mark(r)
	default:
		c.emit(r)
	}
	return i + size
}

// emit writes a base (non-mark) rune, first releasing a pending joiner if
// the rune can continue a joined sequence.
func (c *cleaner) emit(r rune) {
	if c.pending != 0 {
		if joinable(r) {
			c.out.WriteRune(c.pending)
		}
		c.pending = 0
	}
	c.out.WriteRune(r)
	c.prev = r
	c.marks = 0
}

// mark writes a combining mark only when it has a visible base to sit on.
func (c *cleaner) mark(r rune) {
	if c.prev == 0 || unicode.IsSpace(c.prev) || c.marks >= maxMarks || c.pending != 0 {
		return
	}
	if isVariationSelector(r) && (c.marks > 0 || c.prev == zwj || c.prev == zwnj) {
		// a selector only means something right after its base; chains of
		// them are a known way to smuggle invisible data
		return
	}
	c.out.WriteRune(r)
	c.prev = r
	c.marks++
}

// joiner handles ZWJ/ZWNJ. After a letter or mark of a script that uses
// joiners it is written at once (Malayalam chillu forms end a word with
// one); after an emoji it waits for the next emoji; elsewhere it is dropped.
func (c *cleaner) joiner(r rune) {
	switch {
	case c.pending != 0:
	case isEmoji(c.prev) || isVariationSelector(c.prev): // 🏳️‍🌈 has VS16 before its ZWJ
		c.pending = r
	case joinable(c.prev):
		// marks is deliberately not reset: a joiner must not restart the
		// combining-mark budget of the base it follows
		c.out.WriteRune(r)
		c.prev = r
	}
}

func (c *cleaner) newline() {
	c.pending = 0
	c.out.WriteByte('\n')
	c.prev = '\n'
	c.marks = 0
}

func isVariationSelector(r rune) bool {
	return (r >= 0xfe00 && r <= 0xfe0f) || (r >= 0xe0100 && r <= 0xe01ef)
}

// joinable reports whether r may sit next to a ZWJ or ZWNJ: emoji, or a
// letter or mark beyond Latin-1 (the scripts that actually use joiners).
func joinable(r rune) bool {
	return isEmoji(r) || (r >= 0x0300 && (unicode.IsLetter(r) || unicode.IsMark(r)))
}

// isEmoji approximates Extended_Pictographic (plus skin-tone modifiers) with
// the blocks that hold emoji; it only decides where a ZWJ may stay.
func isEmoji(r rune) bool {
	switch {
	case r >= 0x1f000 && r <= 0x1faff, // pictographs, emoticons, modifiers
		r >= 0x2600 && r <= 0x27bf, // misc symbols, dingbats (♀ ♂ ❤ ✈)
		r >= 0x2300 && r <= 0x23ff, // misc technical (⌚ ⏰)
		r >= 0x2b00 && r <= 0x2bff, // arrows and stars (⬛ ⭐)
		r >= 0x2190 && r <= 0x21ff: // arrows
		return true
	}
	switch r {
	case 0x00a9, 0x00ae, 0x203c, 0x2049, 0x2122, 0x2139, 0x3030, 0x303d, 0x3297, 0x3299:
		return true
	}
	return false
}
