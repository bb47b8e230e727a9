package api

import (
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// unquoteJSON decodes a JSON string literal (quotes included) that
// encoding/json has already validated, exactly as encoding/json would:
// escapes resolved, surrogate pairs joined, lone surrogates and invalid
// UTF-8 replaced by U+FFFD. It exists because a nested json.Unmarshal for
// every escaped string scans it twice more and allocates twice; ok is
// false only for input encoding/json would not have passed on.
func unquoteJSON(lit []byte) (string, bool) {
	if len(lit) < 2 || lit[0] != '"' || lit[len(lit)-1] != '"' {
		return "", false
	}
	s := lit[1 : len(lit)-1]
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\':
			n, ok := unescape(&b, s[i:])
			if !ok {
				return "", false
			}
			i += n
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			i++
		default:
			r, size := utf8.DecodeRune(s[i:])
			if r == utf8.RuneError && size == 1 {
				b.WriteRune(unicode.ReplacementChar)
			} else {
				b.Write(s[i : i+size])
			}
			i += size
		}
	}
	return b.String(), true
}

// unescape writes the escape at the start of s and returns its length.
func unescape(b *strings.Builder, s []byte) (int, bool) {
	if len(s) < 2 {
		return 0, false
	}
	switch s[1] {
	case '"', '\\', '/', '\'':
		b.WriteByte(s[1])
	case 'b':
		b.WriteByte('\b')
	case 'f':
		b.WriteByte('\f')
	case 'n':
		b.WriteByte('\n')
	case 'r':
		b.WriteByte('\r')
	case 't':
		b.WriteByte('\t')
	case 'u':
		r := hex4(s[2:])
		if r < 0 {
			return 0, false
		}
		if utf16.IsSurrogate(r) {
			if len(s) >= 12 && s[6] == '\\' && s[7] == 'u' {
				if dec := utf16.DecodeRune(r, hex4(s[8:])); dec != unicode.ReplacementChar {
					b.WriteRune(dec)
					return 12, true
				}
			}
			r = unicode.ReplacementChar
		}
		b.WriteRune(r)
		return 6, true
	default:
		return 0, false
	}
	return 2, true
}

// hex4 reads four hex digits, or returns -1.
func hex4(s []byte) rune {
	if len(s) < 4 {
		return -1
	}
	var r rune
	for _, c := range s[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		r = r*16 + rune(c)
	}
	return r
}
