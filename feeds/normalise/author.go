package normalise

import (
	"regexp"
	"slices"
	"strings"

	"github.com/mmcdole/gofeed"
	"github.com/mmcdole/gofeed/rss"

	"tidings/htmltext"
	"tidings/lazy"
)

// Compiled on first use: the reader links this package, and a package
// initialiser would compile them at every start (issue 31).
var (
	// "jane@example.com (Jane Doe)", the RSS 2.0 way of writing an author
	emailThenName = lazy.Value[*regexp.Regexp]{Build: func() *regexp.Regexp { return regexp.MustCompile(`^\S+@\S+\s*\((.+)\)$`) }}
	// "Jane Doe (jane@example.com)" and "Jane Doe <jane@example.com>"
	nameThenEmail = lazy.Value[*regexp.Regexp]{Build: func() *regexp.Regexp { return regexp.MustCompile(`^(.+?)\s*[(<]\s*(?:mailto:)?\S+@\S+\s*[)>]$`) }}
)

// author is the entry's byline: its authors' names joined with ", ".
// RSS and JSON Feed authors are read from the original strings (gofeed's
// universal form loses a name such as "Jane Doe (Reuters)"): RSS author,
// else dc:author, else every dc:creator, else itunes:author. Atom entries,
// and JSON items without authors, inherit the feed's authors, as their
// specifications say. A bare e-mail address is contact data, not a name,
// and is left out.
func (s *source) author(i int, it *gofeed.Item) string {
	var raw []string
	switch {
	case s.rss != nil && i < len(s.rss.Items):
		raw = rssAuthors(s.rss.Items[i])
	case s.json != nil && i < len(s.json.Items) && s.json.Items[i] != nil:
		ji := s.json.Items[i]
		for _, a := range ji.Authors {
			if a != nil {
				raw = append(raw, a.Name)
			}
		}
		if len(raw) == 0 && ji.Author != nil {
			raw = append(raw, ji.Author.Name)
		}
	}
	if len(raw) == 0 {
		raw = personNames(it.Authors) // Atom, or atom:author inside RSS
	}
	if len(raw) == 0 && s.rss == nil {
		raw = personNames(s.feed.Authors)
	}
	var names []string
	for _, r := range raw {
		if n := personName(r); n != "" && !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return clip(strings.Join(names, ", "), maxAuthor)
}

func rssAuthors(it *rss.Item) []string {
	if it == nil {
		return nil
	}
	if strings.TrimSpace(it.Author) != "" {
		return []string{it.Author}
	}
	if dc := it.DublinCoreExt; dc != nil {
		if len(dc.Author) > 0 {
			return dc.Author
		}
		if len(dc.Creator) > 0 {
			return dc.Creator
		}
	}
	if it.ITunesExt != nil && it.ITunesExt.Author != "" {
		return []string{it.ITunesExt.Author}
	}
	return nil
}

func personNames(ps []*gofeed.Person) []string {
	var out []string
	for _, p := range ps {
		if p != nil && p.Name != "" {
			out = append(out, p.Name)
		}
	}
	return out
}

// personName is the name in an author string, as plain text; "" for a
// bare e-mail or web address.
func personName(raw string) string {
	s := htmltext.Line(raw)
	if m := emailThenName.Get().FindStringSubmatch(s); m != nil {
		s = strings.TrimSpace(m[1])
	} else if m := nameThenEmail.Get().FindStringSubmatch(s); m != nil {
		s = strings.TrimSpace(m[1])
	}
	lower := strings.ToLower(s)
	if (!strings.Contains(s, " ") && strings.Contains(s, "@")) ||
		strings.HasPrefix(lower, "mailto:") || strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "https://") {
		return ""
	}
	return s
}
