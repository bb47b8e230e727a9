package demo

import (
	"bytes"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
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
		if v, ok := s.value(tpl[i+1 : i+j]); ok {
			sb.WriteString(v)
		} else {
			sb.WriteString(tpl[i : i+j+1])
		}
		tpl = tpl[i+j+1:]
	}
}

// value resolves one placeholder. A trailing digit picks a different
// filler from the same list ({team2} is never the same club as {team}).
func (s scope) value(key string) (string, bool) {
	if key == "" {
		return "", false
	}
	upper := key[0] >= 'A' && key[0] <= 'Z'
	if upper {
		key = string(key[0]+'a'-'A') + key[1:]
	}
	nth := 0
	if c := key[len(key)-1]; c >= '2' && c <= '9' {
		nth = int(c - '1')
		key = key[:len(key)-1]
	}
	v, ok := s.lookup(key, nth)
	if ok && upper {
		v = capitalise(v)
	}
	return v, ok
}

func (s scope) lookup(key string, nth int) (string, bool) {
	h := mix(s.seed ^ hashString(key))
	switch key {
	case "name":
		return s.name, s.name != ""
	case "person":
		h2 := mix(h + uint64(nth)*7919)
		return pick(s.b.first, h2) + " " + pick(s.b.last, h2>>20), true
	case "pct": // a policy-rate-like figure: 0.25 to 6.50 in quarter steps
		q := 1 + h%26
		return s.decimalNum(int(q)*25, 2), true
	case "pct1": // 0.3 to 9.9
		return s.decimalNum(int(3+h%97), 1), true
	case "bn": // 1.1 to 48.9
		return s.decimalNum(int(11+h%479), 1), true
	case "n": // a small count
		return strconv.Itoa(int(3 + h%38)), true
	case "k": // hundreds to thousands, in tens
		return s.groupInt(int(12+h%970) * 10), true
	case "year":
		return strconv.Itoa(int(1871 + h%146)), true
	case "min": // a late minute of a match, one English writes with "th"
		return strconv.Itoa(lateMinutes[h%uint64(len(lateMinutes))]), true
	case "score":
		won := int(1 + h%4)
		lost := int(h>>8) % won
		return strconv.Itoa(won) + s.b.score + strconv.Itoa(lost), true
	}
	list := s.b.slots[key]
	if len(list) == 0 {
		return "", false
	}
	i := int(h % uint64(len(list)))
	if nth > 0 && len(list) > 1 {
		step := 1 + int(mix(h+uint64(nth))%uint64(len(list)-1))
		i = (i + step) % len(list)
	}
	return list[i], true
}

var lateMinutes = []int{74, 75, 76, 77, 78, 79, 80, 84, 85, 86, 87, 88, 89, 90}

func pick(list []string, h uint64) string {
	return list[int(h%uint64(len(list)))]
}

// decimalNum formats v/10^places with the bank's decimal separator.
func (s scope) decimalNum(v, places int) string {
	div := 1
	for range places {
		div *= 10
	}
	frac := strconv.Itoa(v % div)
	for len(frac) < places {
		frac = "0" + frac
	}
	return strconv.Itoa(v/div) + s.b.decimal + frac
}

// groupInt writes n with the bank's thousands separator (2,400 / 2.400).
func (s scope) groupInt(n int) string {
	d := strconv.Itoa(n)
	if len(d) <= 3 || s.b.thousand == "" {
		return d
	}
	return d[:len(d)-3] + s.b.thousand + d[len(d)-3:]
}

// capitalise upper-cases the first letter; scripts without case are kept.
func capitalise(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError || unicode.IsUpper(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
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
	if f, ok := latinFold[r]; ok {
		return f
	}
	return ""
}

// latinFold covers the accented letters of the Latin-script languages the
// catalogue writes in (German, French, Spanish, Italian, Portuguese, Dutch,
// Norwegian, Swedish).
var latinFold = map[rune]string{
	'à': "a", 'á': "a", 'â': "a", 'ã': "a", 'ä': "a", 'å': "a", 'æ': "ae",
	'ç': "c", 'è': "e", 'é': "e", 'ê': "e", 'ë': "e", 'ì': "i", 'í': "i",
	'î': "i", 'ï': "i", 'ñ': "n", 'ò': "o", 'ó': "o", 'ô': "o", 'õ': "o",
	'ö': "o", 'ø': "o", 'ù': "u", 'ú': "u", 'û': "u", 'ü': "u", 'ý': "y",
	'ÿ': "y", 'ß': "ss", 'œ': "oe",
}

// truncateContent cuts text the way real news services do: about limit
// runes, at a word boundary, followed by "… [+N chars]" where N counts the
// characters left out: those of text plus hidden, the unseen rest of the
// full article (real services count the whole story, not the snippet).
func truncateContent(text string, limit, hidden int) string {
	cut, n := 0, 0
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
		return text // short enough to send whole
	}
	rest := utf8.RuneCountInString(text[cut:]) + hidden
	return text[:cut] + "… [+" + strconv.Itoa(rest) + " chars]"
}

// withEntities writes s the way some feeds send descriptions: quotes,
// apostrophes and ampersands as HTML entities and, when there are none, the
// first accented Latin letter as a numeric entity (&#233; for é).
func withEntities(s string) string {
	if e := entityEscaper.Replace(s); e != s {
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
var entityEscaper = strings.NewReplacer(
	"&", "&amp;", "\"", "&quot;", "“", "&quot;", "”", "&quot;",
	"’", "&#8217;", "'", "&#8217;", "«", "&laquo;", "»", "&raquo;",
)
