package demo

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

var truncMarker = regexp.MustCompile(`… \[\+\d+ chars\]$`)

// The catalogue must exercise the reader's handling of what real services
// send: null authors and images, cut content, long titles, entities, tags.
func TestIrregularitiesAppearInRoughProportion(t *testing.T) {
	_, articles := catalogue(t)
	var noAuthor, noImage, long, noContent, truncated, entities, tags int
	for _, a := range articles {
		if a.Author == "" {
			noAuthor++
		}
		if a.URLToImage == "" {
			noImage++
		}
		if utf8.RuneCountInString(a.Title) > 120 {
			long++
		}
		if a.Content == "" {
			noContent++
		}
		if strings.Contains(a.Content, " chars]") {
			truncated++
			if !truncMarker.MatchString(a.Content) {
				t.Errorf("malformed truncation marker in %q", a.Content)
			}
		}
		if strings.Contains(a.Description, "&amp;") || strings.Contains(a.Description, "&quot;") || strings.Contains(a.Description, "&#") {
			entities++
		}
		if strings.Contains(a.Content, "<p>") || strings.Contains(a.Content, "<b>") {
			tags++
		}
	}
	n := float64(len(articles))
	check := func(name string, got int, lo, hi float64) {
		t.Helper()
		if share := float64(got) / n; share < lo || share > hi {
			t.Errorf("%s: %.1f%% of articles, want %.0f–%.0f%%", name, 100*share, 100*lo, 100*hi)
		}
	}
	check("no author", noAuthor, 0.10, 0.20)
	check("no image", noImage, 0.06, 0.14)
	check("long titles", long, 0.015, 0.05)
	check("no content", noContent, 0.01, 0.04)
	check("truncated content", truncated, 0.22, 0.38)
	check("HTML entities in description", entities, 0.01, 0.10)
	check("HTML tags in content", tags, 0.02, 0.08)
}

func TestTruncation(t *testing.T) {
	text := "The minister said the plan would go ahead. Critics disagreed strongly with it."
	cut, rest := truncation(text, 30)
	if text[:cut] != "The minister said the plan" || rest != 52 {
		t.Errorf("truncation = %d, %d: cut %q, want the last word break before 30 runes and 52 runes left", cut, rest, text[:cut])
	}
	if cut, _ := truncation("Short text.", 30); cut != 0 {
		t.Error("short content must be left whole")
	}
	// Runes, not bytes: Cyrillic letters take two bytes each.
	ru := "Инфляция остаётся выше цели, но движется в нужном направлении."
	if cut, rest := truncation(ru, 20); utf8.RuneCountInString(ru[:cut])+rest != utf8.RuneCountInString(ru) || cut == 0 {
		t.Errorf("truncation of Cyrillic text cut at byte %d with %d runes left", cut, rest)
	}
}

func TestSlugify(t *testing.T) {
	cases := map[string]string{
		"Port strike ends after talks":              "port-strike-ends-after-talks",
		"Zentralbank belässt Leitzins bei 4,25 %":   "zentralbank-belasst-leitzins-bei-4-25",
		"L'Écho des Marchés":                        "l-echo-des-marches",
		"Fußball: Großer Sieg!":                     "fussball-grosser-sieg",
		"Выборы в Казани":                           "",
		"  --Circuit & Signal-- ":                   "circuit-signal",
		"Økonomi på Ålesund – været er blitt bedre": "okonomi-pa-alesund-vaeret-er-blitt-bedre",
	}
	for in, want := range cases {
		if got := slugify(in, 60); got != want {
			t.Errorf("slugify(%q) = %q, want %q", in, got, want)
		}
	}
	if got := slugify(strings.Repeat("word ", 40), 20); len(got) > 20 || strings.HasSuffix(got, "-") {
		t.Errorf("long slug not cut cleanly at a dash: %q", got)
	}
}

// Search must find stories covered by several outlets: the same words
// recur across sources, so ranking has something to rank.
func TestStoriesRecurAcrossOutlets(t *testing.T) {
	_, articles := catalogue(t)
	for _, word := range []string{"election", "climate", "bank", "Wahl", "football", "élection", "Klima"} {
		outlets := map[string]bool{}
		for _, a := range articles {
			if strings.Contains(strings.ToLower(a.Title+" "+a.Description+" "+a.Content), strings.ToLower(word)) {
				outlets[a.Source.ID] = true
			}
		}
		if len(outlets) < 3 {
			t.Errorf("%q appears in articles of %d outlets, want several", word, len(outlets))
		}
	}
	titles := map[string]map[string]bool{}
	for _, a := range articles {
		if titles[a.Title] == nil {
			titles[a.Title] = map[string]bool{}
		}
		titles[a.Title][a.Source.ID] = true
	}
	if len(titles) < len(articles)/2 {
		t.Errorf("only %d distinct titles for %d articles: too repetitive", len(titles), len(articles))
	}
}

func TestPopularityIsStableAndSkewed(t *testing.T) {
	_, articles := catalogue(t)
	var low, high int
	for _, a := range articles {
		p := Popularity(a)
		if p != Popularity(a) || p < 0 {
			t.Fatalf("Popularity(%q) = %d, not stable or negative", a.URL, p)
		}
		if p < 150_000 {
			low++
		}
		if p > 500_000 {
			high++
		}
	}
	if low < len(articles)/2 || high == 0 {
		t.Errorf("popularity not skewed: %d below 150k, %d above 500k of %d", low, high, len(articles))
	}
}

// An outlet's own feed must not keep repeating a headline.
func TestOutletsRarelyRepeatThemselves(t *testing.T) {
	_, articles := catalogue(t)
	seen := map[string]bool{}
	repeats := 0
	for _, a := range articles {
		k := a.Source.ID + "\x00" + a.Title
		if seen[k] {
			repeats++
		}
		seen[k] = true
	}
	if repeats > len(articles)/20 {
		t.Errorf("%d of %d articles repeat a headline their outlet already ran", repeats, len(articles))
	}
}
