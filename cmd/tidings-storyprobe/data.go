package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// article is one labelled line of the real-world files, with the words
// of its headline (title) and of headline and standfirst (head).
type article struct {
	Event, Batch, Language, Title, Description string
	Published                                  time.Time

	title, head          words
	titleNames, headName map[string]bool
	titleFigs, headFigs  map[string]bool
}

type words map[string]bool

func load(dir string) ([]*article, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no *.jsonl in %s", dir)
	}
	slices.Sort(files)
	var out []*article
	for _, name := range files {
		arts, err := loadFile(name)
		if err != nil {
			return nil, err
		}
		out = append(out, arts...)
	}
	return out, nil
}

func loadFile(name string) ([]*article, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []*article
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		a := new(article)
		if err := json.Unmarshal(sc.Bytes(), a); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		a.analyse()
		out = append(out, a)
	}
	return out, sc.Err()
}

// token is a word or a figure ("2,6", "3.25", "1,200" kept whole).
var token = regexp.MustCompile(`\d+(?:[.,]\d+)*|[\p{L}\p{N}]+`)

// clauseEnd splits a headline where a name may start a clause.
var clauseEnd = regexp.MustCompile(`[.:;!?«»"“”|–—]`)

// analyse keeps each word cut to six letters (a crude stem), and marks
// names (capitalised inside a clause, or opening one and never written
// lower-case) and figures of two digits or more.
func (a *article) analyse() {
	tw, tn, tf := wordsOf(a.Title)
	dw, dn, df := wordsOf(a.Description)
	a.title, a.titleNames, a.titleFigs = tw, tn, tf
	a.head, a.headName, a.headFigs = union(tw, dw), union(tn, dn), union(tf, df)
}

func wordsOf(text string) (all, names, figs words) {
	all, names, figs = words{}, words{}, words{}
	lower, opening := words{}, words{}
	for _, clause := range clauseEnd.Split(text, -1) {
		for i, w := range token.FindAllString(clause, -1) {
			k := strings.ReplaceAll(fold(w), ",", ".")
			if isFigure(k) {
				all[k] = true
				if len(k) >= 2 {
					figs[k] = true
				}
				continue
			}
			if len([]rune(k)) < 3 {
				continue
			}
			k = cut(k, 6)
			all[k] = true
			switch r := []rune(w)[0]; {
			case !unicode.IsUpper(r):
				lower[k] = true
			case i > 0:
				names[k] = true
			default:
				opening[k] = true
			}
		}
	}
	for k := range opening {
		if !lower[k] {
			names[k] = true
		}
	}
	return all, names, figs
}

func fold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

func isFigure(s string) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool { return !unicode.IsDigit(r) && r != '.' }) < 0
}

func cut(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		r = r[:n]
	}
	return string(r)
}

func union(a, b words) words {
	out := words{}
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}
