package demo

import "strings"

// A phrase-bank sentence may start with family tags, "0,3|…": it then
// fits only stories of those title families. Untagged sentences fit any.

// fitting appends to dst the sentences of list that fit family fam, tags
// stripped.
func fitting(dst, list []string, fam int) []string {
	for _, s := range list {
		if text, _, ok := fits(s, fam); ok {
			dst = append(dst, text)
		}
	}
	return dst
}

// split is fitting that puts the sentences written for family fam (own)
// before the untagged ones (shared), returning both as views of dst.
func split(dst, list []string, fam int) (own, shared []string) {
	for _, s := range list {
		if text, tagged, ok := fits(s, fam); ok && tagged {
			dst = append(dst, text)
		}
	}
	nOwn := len(dst)
	for _, s := range list {
		if _, tagged, _ := fits(s, fam); !tagged {
			dst = append(dst, s)
		}
	}
	return dst[:nOwn:nOwn], dst[nOwn:]
}

// fits reports whether sentence s fits family fam, and returns its text.
func fits(s string, fam int) (text string, tagged, ok bool) {
	if s == "" || s[0] < '0' || s[0] > '9' {
		return s, false, true
	}
	bar := strings.IndexByte(s, '|')
	if bar < 0 {
		return s, false, true
	}
	n := 0
	for i := 0; i <= bar; i++ {
		c := s[i]
		if c >= '0' && c <= '9' {
			n = n*10 + int(c-'0')
			continue
		}
		if n == fam {
			return s[bar+1:], true, true
		}
		n = 0
	}
	return s[bar+1:], true, false
}
