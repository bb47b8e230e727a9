package demo

import (
	"bytes"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"tidings/lazy"
)

// mix is the splitmix64 finaliser: a cheap, well-spread hash of a number.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// hashString is 64-bit FNV-1a; used to give each placeholder name its own
// stream of choices from the same story seed.
func hashString(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// scope fills placeholders for one story: the same seed always yields the
// same company, city and numbers, whichever template is rendered.
type scope struct {
	b    *bank
	seed uint64
	name string // outlet name, for {name} in source descriptions
}

// render expands every {placeholder} in tpl. A placeholder written with a
// capital first letter ({Company}) capitalises its value, for sentence
// starts. Unknown placeholders are kept verbatim so tests can catch them.
func (s scope) render(tpl string) string {
	if strings.IndexByte(tpl, '{') < 0 {
		return tpl
	}
	var sb strings.Builder
	sb.Grow(len(tpl) + 48)
	s.write(&sb, tpl)
	return sb.String()
}

// write is render into sb, so an article body is built in one buffer.
func (s scope) write(sb *strings.Builder, tpl string) {
	for {
		i := strings.IndexByte(tpl, '{')
		if i < 0 {
			sb.WriteString(tpl)
			return
		}
		j := strings.IndexByte(tpl[i:], '}')
		if j < 0 {
			sb.WriteString(tpl)
			return
		}
		sb.WriteString(tpl[:i])
		if !s.emit(sb, tpl[i+1:i+j]) {
			sb.WriteString(tpl[i : i+j+1])
		}
		tpl = tpl[i+j+1:]
	}
}

// emit writes the value of one placeholder to w, reporting false for an
// unknown one. A trailing digit picks a different filler from the same list
// ({team2} is never the same club as {team}); a capital first letter
// ({Company}) capitalises the value. It allocates nothing: it sits in the
// innermost loop of the catalogue build.
func (s scope) emit(w *strings.Builder, key string) bool {
	if key == "" || len(key) > 24 {
		return false
	}
	var lower [24]byte
	n := copy(lower[:], key)
	upper := lower[0] >= 'A' && lower[0] <= 'Z'
	if upper {
		lower[0] += 'a' - 'A'
	}
	nth := 0
	if c := lower[n-1]; c >= '2' && c <= '9' && n > 1 {
		nth = int(c - '1')
		n--
	}
	name := lower[:n]
	h := mix(s.seed ^ hashBytes(name))
	var num [24]byte
	switch string(name) {
	case "name":
		w.WriteString(s.name)
		return s.name != ""
	case "person":
		h2 := mix(h + uint64(nth)*7919)
		writeCapital(w, pick(s.b.first, h2), upper)
		w.WriteByte(' ')
		w.WriteString(pick(s.b.last, h2>>20))
		return true
	case "pct": // a policy-rate-like figure: 0.25 to 6.50 in quarter steps
		w.Write(s.appendDecimal(num[:0], int(1+h%26)*25, 2))
	case "pct1": // 0.3 to 9.9
		w.Write(s.appendDecimal(num[:0], int(3+h%97), 1))
	case "bn": // 1.1 to 48.9
		w.Write(s.appendDecimal(num[:0], int(11+h%479), 1))
	case "turnout": // an election's turnout in percent: 42 to 78
		w.Write(strconv.AppendInt(num[:0], int64(42+h%37), 10))
	case "warming": // degrees above pre-industrial: 1.1 to 1.9
		w.Write(s.appendDecimal(num[:0], int(11+h%9), 1))
	case "n": // a small count
		w.Write(strconv.AppendInt(num[:0], int64(3+h%38), 10))
	case "k": // hundreds to thousands, in tens
		w.Write(s.appendGrouped(num[:0], int(12+h%970)*10))
	case "year":
		w.Write(strconv.AppendInt(num[:0], int64(1871+h%146), 10))
	case "min": // a late minute of a match, one English writes with "th"
		w.Write(strconv.AppendInt(num[:0], int64(lateMinutes[h%uint64(len(lateMinutes))]), 10))
	case "score":
		won := int64(1 + h%4)
		lost := int64(h>>8) % won
		w.Write(strconv.AppendInt(num[:0], won, 10))
		w.WriteString(s.b.score)
		w.Write(strconv.AppendInt(num[:0], lost, 10))
	default:
		list := s.b.slots[string(name)]
		if len(list) == 0 {
			return false
		}
		i := int(h % uint64(len(list)))
		if nth > 0 && len(list) > 1 {
			step := 1 + int(mix(h+uint64(nth))%uint64(len(list)-1))
			i = (i + step) % len(list)
		}
		writeCapital(w, list[i], upper)
	}
	return true
}

// writeCapital writes s, upper-casing its first letter when asked; scripts
// without case are written as they are.
func writeCapital(w *strings.Builder, s string, upper bool) {
	r, size := utf8.DecodeRuneInString(s)
	if !upper || r == utf8.RuneError || unicode.IsUpper(r) {
		w.WriteString(s)
		return
	}
	w.WriteRune(unicode.ToUpper(r))
	w.WriteString(s[size:])
}

// hashBytes is hashString for a byte slice.
func hashBytes(b []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range b {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h
}

var lateMinutes = []int{74, 75, 76, 77, 78, 79, 80, 84, 85, 86, 87, 88, 89, 90}

func pick(list []string, h uint64) string {
	return list[int(h%uint64(len(list)))]
}

// appendDecimal appends v/10^places with the bank's decimal separator.
func (s scope) appendDecimal(dst []byte, v, places int) []byte {
	div := 1
	for range places {
		div *= 10
	}
	dst = strconv.AppendInt(dst, int64(v/div), 10)
	dst = append(dst, s.b.decimal...)
	frac := v % div
	for d := div / 10; d > 0; d /= 10 {
		dst = append(dst, byte('0'+frac/d%10))
	}
	return dst
}

// appendGrouped appends n (below a million) with the bank's thousands
// separator: 2,400 / 2.400 / 2 400.
func (s scope) appendGrouped(dst []byte, n int) []byte {
	if n < 1000 || s.b.thousand == "" {
		return strconv.AppendInt(dst, int64(n), 10)
	}
	dst = strconv.AppendInt(dst, int64(n/1000), 10)
	dst = append(dst, s.b.thousand...)
	return append(dst, byte('0'+n/100%10), byte('0'+n/10%10), byte('0'+n%10))
}

// slugify turns a title into a URL path segment of ASCII letters, digits
// and dashes, folding Latin accents and dropping other scripts; at most max
// bytes, cut at a dash.
func slugify(s string, max int) string {
	return string(appendSlug(make([]byte, 0, max+16), s, max))
}

// appendSlug is slugify appending to dst, to spare an allocation on the
// start-up path.
func appendSlug(dst []byte, s string, max int) []byte {
	start := len(dst)
	dash := true // suppress a leading dash
	for _, r := range s {
		if len(dst)-start > max+8 {
			break // the rest would be cut anyway
		}
		if r >= 'A' && r <= 'Z' {
			r += 'a' - 'A'
		} else if r >= 0x80 {
			r = unicode.ToLower(r)
		}
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			dst = append(dst, byte(r))
			dash = false
			continue
		}
		folded := foldRune(r)
		if folded == "" {
			if !dash {
				dst = append(dst, '-')
				dash = true
			}
			continue
		}
		dst = append(dst, folded...)
		dash = false
	}
	if len(dst)-start > max {
		dst = dst[:start+max]
		if i := bytes.LastIndexByte(dst[start:], '-'); i > max/2 {
			dst = dst[:start+i]
		}
	}
	for len(dst) > start && dst[len(dst)-1] == '-' {
		dst = dst[:len(dst)-1]
	}
	return dst
}

// foldRune maps a lower-case Latin letter with diacritics to its base
// letters, anything else to "" (a word break).
func foldRune(r rune) string {
	if r < 0xC0 || r > 0x17F {
		return ""
	}
	return latinFold(r)
}

// latinFold folds the accented letters of the Latin-script languages the
// catalogue writes in (German, French, Spanish, Italian, Portuguese, Dutch,
// Norwegian, Swedish).
func latinFold(r rune) string {
	switch r {
	case 'à', 'á', 'â', 'ã', 'ä', 'å':
		return "a"
	case 'æ':
		return "ae"
	case 'ç':
		return "c"
	case 'è', 'é', 'ê', 'ë':
		return "e"
	case 'ì', 'í', 'î', 'ï':
		return "i"
	case 'ñ':
		return "n"
	case 'ò', 'ó', 'ô', 'õ', 'ö', 'ø':
		return "o"
	case 'ù', 'ú', 'û', 'ü':
		return "u"
	case 'ý', 'ÿ':
		return "y"
	case 'ß':
		return "ss"
	case 'œ':
		return "oe"
	}
	return ""
}

// truncation finds where to cut content the way real news services do:
// after about limit runes, at the last space before it (a byte offset), and
// how many runes follow the cut; cut is 0 when the text is short enough to
// keep whole. The article then ends "… [+N chars]", N counting the cut runes
// plus the unseen rest of the full story, as real services count it.
func truncation(text string, limit int) (cut, rest int) {
	n := 0
	for i, r := range text {
		if n > limit {
			break
		}
		if r == ' ' {
			cut = i
		}
		n++
	}
	if n <= limit || cut == 0 {
		return 0, 0
	}
	return cut, utf8.RuneCountInString(text[cut:])
}

// withEntities writes s the way some feeds send descriptions: quotes,
// apostrophes and ampersands as HTML entities and, when there are none, the
// first accented Latin letter as a numeric entity (&#233; for é).
func withEntities(s string) string {
	if e := entityEscaper.Get().Replace(s); e != s {
		return e
	}
	for i, r := range s {
		if r >= 0xC0 && r < 0x250 && unicode.IsLetter(r) { // Latin letters only
			return s[:i] + "&#" + strconv.Itoa(int(r)) + ";" + s[i+utf8.RuneLen(r):]
		}
	}
	return s
}

// entityEscaper writes descriptions the way some feeds send them: with
// HTML entities left in, for the reader to decode.
var entityEscaper = lazy.Value[*strings.Replacer]{Build: func() *strings.Replacer {
	return strings.NewReplacer(
		"&", "&amp;", "\"", "&quot;", "“", "&quot;", "”", "&quot;",
		"’", "&#8217;", "'", "&#8217;", "«", "&laquo;", "»", "&raquo;",
	)
}}
