package demo

import (
	"strings"
	"testing"

	"tidings/model"
)

// Every template of every bank must expand fully for any story: a typo in
// a placeholder would show "{cty}" to readers.
func TestEveryTemplateExpands(t *testing.T) {
	for _, b := range banks() {
		for _, c := range model.Categories() {
			tp := b.topics[c]
			if tp == nil {
				t.Fatalf("%s has no %s topic", b.lang, c)
			}
			var all []string
			for _, fam := range tp.titles {
				all = append(all, fam...)
			}
			all = append(all, tp.descs...)
			all = append(all, tp.body...)
			all = append(all, b.about[c]...)
			for _, tpl := range all {
				for seed := range uint64(20) {
					text := scope{b: b, seed: seed * 7777, name: "X"}.render(stripTags(tpl))
					if strings.ContainsAny(text, "{}") {
						t.Errorf("%s/%s: %q renders as %q", b.lang, c, tpl, text)
						break
					}
				}
			}
		}
	}
}

func stripTags(s string) string {
	text, _, _ := fits(s, -1)
	if i := strings.IndexByte(s, '|'); i > 0 && text == s {
		return s[i+1:]
	}
	return text
}

// Tags must name families that exist, and every family needs a summary
// and body sentences of its own or shared, so no story reads as filler.
func TestFamilyTagsAreValid(t *testing.T) {
	for _, b := range banks() {
		if len(b.leads) == 0 || len(b.filler) < maxFiller {
			t.Errorf("%s: needs leads and at least %d filler sentences", b.lang, maxFiller)
		}
		for _, c := range model.Categories() {
			tp := b.topics[c]
			if len(tp.body) > 32 {
				t.Errorf("%s/%s: %d body sentences, the generator holds 32", b.lang, c, len(tp.body))
			}
			for _, s := range append(append([]string(nil), tp.descs...), tp.body...) {
				for _, tag := range familyTags(s) {
					if tag >= len(tp.titles) {
						t.Errorf("%s/%s: %q tags family %d of %d", b.lang, c, s, tag, len(tp.titles))
					}
				}
			}
			for fam := range tp.titles {
				var buf [32]string
				own, shared := split(buf[:0], tp.body, fam)
				if len(own)+len(shared) == 0 {
					t.Errorf("%s/%s: family %d (%q) has no body sentence", b.lang, c, fam, tp.titles[fam][0])
				}
			}
		}
	}
}

func familyTags(s string) []int {
	bar := strings.IndexByte(s, '|')
	if bar < 0 || s[0] < '0' || s[0] > '9' {
		return nil
	}
	var tags []int
	n := 0
	for _, c := range s[:bar+1] {
		if c >= '0' && c <= '9' {
			n = n*10 + int(c-'0')
			continue
		}
		tags = append(tags, n)
		n = 0
	}
	return tags
}

func TestFits(t *testing.T) {
	cases := []struct {
		s            string
		fam          int
		text         string
		tagged, fits bool
	}{
		{"Plain sentence.", 3, "Plain sentence.", false, true},
		{"0,12|Tagged.", 12, "Tagged.", true, true},
		{"0,12|Tagged.", 1, "Tagged.", true, false},
		{"2|Only two.", 2, "Only two.", true, true},
		{"42 people came.", 4, "42 people came.", false, true},
	}
	for _, c := range cases {
		text, tagged, ok := fits(c.s, c.fam)
		if text != c.text || tagged != c.tagged || ok != c.fits {
			t.Errorf("fits(%q, %d) = %q, %v, %v; want %q, %v, %v", c.s, c.fam, text, tagged, ok, c.text, c.tagged, c.fits)
		}
	}
}
