package state

import (
	"strings"
	"unicode/utf8"
)

// cleanText makes hostile text safe to write into a document meant for a
// terminal or an editor: invalid UTF-8 becomes U+FFFD; escape sequences
// (CSI, OSC, DCS and the like, introduced by ESC or by their C1 forms)
// are removed whole; other C0 and C1 controls, DEL and the bidirectional
// controls that can make text read differently from what it is (U+061C,
// U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) are removed. With
// multiline, tab and newline stay (CR LF and lone CR become newline, as do
// U+2028 and U+2029); without, every kind of line break and tab becomes a
// space, runs of spaces become one and the ends are trimmed.
func cleanText(s string, multiline bool) string {
	var b strings.Builder
	b.Grow(len(s))
	space := func() {
		if multiline {
			b.WriteByte('\n')
		} else {
			b.WriteByte(' ')
		}
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteRune(utf8.RuneError)
		case r == '\t':
			if multiline {
				b.WriteByte('\t')
			} else {
				b.WriteByte(' ')
			}
		case r == '\n', r == '\u2028', r == '\u2029':
			space()
		case r == '\r':
			if i < len(s) && s[i] == '\n' {
				i++
			}
			space()
		case r == 0x1b:
			i = skipEscape(s, i)
		case r == 0x9b: // CSI
			i = skipCSI(s, i)
		case r == 0x90, r == 0x98, r == 0x9d, r == 0x9e, r == 0x9f: // DCS, SOS, OSC, PM, APC
			i = skipString(s, i)
		case r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 || isBidi(r):
			// dropped
		default:
			b.WriteRune(r)
		}
	}
	if multiline {
		return b.String()
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// isBidi reports the bidirectional formatting characters.
func isBidi(r rune) bool {
	return r == 0x061c || r == 0x200e || r == 0x200f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069
}

// skipEscape skips what follows an ESC at s[i:]: a CSI, a control string,
// or intermediates and a final byte.
func skipEscape(s string, i int) int {
	if i >= len(s) {
		return i
	}
	switch s[i] {
	case '[':
		return skipCSI(s, i+1)
	case ']', 'P', 'X', '^', '_':
		return skipString(s, i+1)
	}
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f { // intermediates
		i++
	}
	if i < len(s) && s[i] >= 0x30 && s[i] <= 0x7e { // final
		i++
	}
	return i
}

// skipCSI skips a control sequence's parameters, intermediates and final
// byte.
func skipCSI(s string, i int) int {
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x3f {
		i++
	}
	if i < len(s) && s[i] >= 0x40 && s[i] <= 0x7e {
		i++
	}
	return i
}

// skipString skips a control string to its terminator (BEL, ESC \ or
// U+009C) or to the end of s.
func skipString(s string, i int) int {
	for i < len(s) {
		switch {
		case s[i] == 0x07:
			return i + 1
		case s[i] == 0x1b:
			if i+1 < len(s) && s[i+1] == '\\' {
				return i + 2
			}
			return i + 1
		case strings.HasPrefix(s[i:], "\u009c"):
			return i + len("\u009c")
		}
		i++
	}
	return i
}
