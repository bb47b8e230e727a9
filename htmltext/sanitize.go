package htmltext

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

const (
	zwj       = '\u200d' // zero width joiner: emoji sequences, Indic conjuncts
	zwnj      = '\u200c' // zero width non-joiner: Persian, Urdu, Indic scripts
	blackFlag = 0x1f3f4  // 🏴, the base of emoji tag sequences (🏴󠁧󠁢󠁳󠁣󠁴󠁿)
	tagFirst  = 0xe0020  // first tag character
	tagLast   = 0xe007f  // last tag character (CANCEL TAG)
)

// Sanitize returns s with what has no business in stored text removed:
//
//   - control characters (C0, DEL, C1) except '\n' and '\t'; "\r\n" and a
//     lone '\r' become '\n', as do U+2028 and U+2029;
//   - format characters (Unicode category Cf): bidi embeddings, overrides,
//     isolates and marks, zero-width space, word joiner, BOM, soft hyphen,
//     invisible operators, stray tag characters, ... Kept are ZWJ and ZWNJ,
//     which Persian, Urdu, the Indic scripts and emoji sequences need, and
//     tag characters that continue an emoji tag sequence after 🏴 (the flags
//     of Scotland, Wales, England).
//
// Invalid UTF-8 becomes U+FFFD, one per run of bad bytes, so the result is
// valid UTF-8. Sanitize(Sanitize(s)) == Sanitize(s).
//
// Sanitize drops an escape character on its own, not the sequence it
// introduces ("\x1b[31mred" becomes "[31mred"): such text is harmless once
// stored, and a terminal reader still runs its own, stricter cleaning.
func Sanitize(s string) string {
	if isPlainText(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	var prev rune // last rune kept
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			for i += size; i < len(s); i++ { // one replacement per run
				if r2, n := utf8.DecodeRuneInString(s[i:]); r2 != utf8.RuneError || n > 1 {
					break
				}
			}
			b.WriteRune(utf8.RuneError)
			prev = utf8.RuneError
			continue
		case r == '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				break // the '\n' comes next
			}
			b.WriteByte('\n')
			prev = '\n'
		case r == '\u2028', r == '\u2029':
			b.WriteByte('\n')
			prev = '\n'
		case r == '\n', r == '\t':
			b.WriteByte(byte(r))
			prev = r
		case unicode.IsControl(r): // C0, DEL, C1
		case r == zwj, r == zwnj:
			b.WriteRune(r)
			prev = r
		case r >= tagFirst && r <= tagLast:
			if prev == blackFlag || (prev >= tagFirst && prev <= tagLast) {
				b.WriteRune(r)
				prev = r
			}
		case unicode.Is(unicode.Cf, r):
		default:
			b.WriteRune(r)
			prev = r
		}
		i += size
	}
	return b.String()
}

// isPlainText reports whether s is printable ASCII, '\n' and '\t' only,
// which Sanitize returns as it is.
func isPlainText(s string) bool {
	for i := 0; i < len(s); i++ {
		if b := s[i]; (b < 0x20 && b != '\n' && b != '\t') || b >= 0x7f {
			return false
		}
	}
	return true
}
