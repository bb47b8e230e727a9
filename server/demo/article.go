package demo

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"tidings/model"
)

// Rough shares of the irregularities real services send, in percent.
const (
	pctNoAuthor    = 15 // author null or empty
	pctNoImage     = 10 // urlToImage empty
	pctLongTitle   = 3  // title over longTitleRunes
	pctNoContent   = 2  // content empty
	pctTruncated   = 37 // content cut with "… [+N chars]" (~30% end up cut: short bodies stay whole)
	pctHTMLContent = 5  // content with a few <p>/<b> tags
	pctEntities    = 8  // description with HTML entities left in
	longTitleRunes = 120
	maxFiller      = 2 // generic closing sentences per article, at most
)

// contentMode is how an article's content is sent.
type contentMode int

const (
	contentWhole contentMode = iota
	contentEmpty
	contentTruncated
	contentParagraph // wrapped in <p>…</p>
	contentBoldLead  // lead sentence in <b>…</b>
)

// choices are an article's random decisions, drawn up front in a fixed
// order so the text can then be written straight into the arena.
type choices struct {
	desc                     int
	longTitle, author, image bool
	entities                 bool
	mode                     contentMode
	first, last              int
	sentences, limit, hidden int
}

func (g *generator) choose(b *bank, nDescs int) choices {
	c := choices{
		desc:      g.rng.IntN(nDescs),
		longTitle: g.rng.IntN(100) < pctLongTitle,
		author:    g.rng.IntN(100) >= pctNoAuthor,
		image:     g.rng.IntN(100) >= pctNoImage,
		entities:  g.rng.IntN(100) < pctEntities,
		first:     g.rng.IntN(len(b.first)),
		last:      g.rng.IntN(len(b.last)),
		sentences: 2 + g.rng.IntN(6),
		limit:     140 + g.rng.IntN(70),
		hidden:    600 + g.rng.IntN(3400),
	}
	switch r := g.rng.IntN(100); {
	case r < pctNoContent:
		c.mode = contentEmpty
	case r < pctNoContent+pctTruncated:
		c.mode = contentTruncated
	case r < pctNoContent+pctTruncated+pctHTMLContent:
		c.mode = contentParagraph + contentMode(r%2)
	}
	return c
}

// write assembles one article on story st, headed title, for the planned
// slot p. All of its strings are slices of the generator's text arena: one
// allocation for the whole catalogue instead of several per article.
func (g *generator) write(i int, p plannedArticle, st *story, title string) model.Article {
	b := p.src.bank
	t := b.topics[p.cat]
	sc := scope{b: b, seed: st.seed}
	w := &g.text

	var descBuf, bodyBuf [32]string
	descs := fitting(descBuf[:0], t.descs, st.fam)
	if len(descs) == 0 {
		descs = b.leads
	}
	own, shared := split(bodyBuf[:0], t.body, st.fam)
	c := g.choose(b, len(descs))

	st.hits++
	if c.longTitle {
		// Copy the headline to the arena's end so the clauses extend it
		// in place.
		start := w.Len()
		w.WriteString(title)
		g.lengthen(start, sc, own, shared)
		title = g.since(start)
	}

	start := w.Len()
	sc.write(w, descs[c.desc])
	desc := g.since(start)

	content := ""
	if c.mode != contentEmpty {
		var fillBuf [8]string
		filler := append(fillBuf[:0], b.filler[:min(len(b.filler), maxFiller)]...)
		content = g.body(sc, desc, c, own, shared, filler)
	}
	if c.entities {
		desc = withEntities(desc)
	}

	published := g.now.Add(-g.articleAge(i, st)).UTC().Truncate(1e9)
	a := model.Article{
		Source:      model.SourceRef{ID: p.src.ID, Name: p.src.Name},
		Title:       title,
		Description: desc,
		PublishedAt: published,
		Content:     content,
	}
	a.URL, a.URLToImage = g.links(i, p, title, c.image)
	if c.author {
		start = w.Len()
		w.WriteString(b.first[c.first])
		w.WriteByte(' ')
		w.WriteString(b.last[c.last])
		a.Author = g.since(start)
	}
	return a
}

// links writes the article's URL, https://<domain>/<category>/<slug>-<tag>,
// and, when it has one, its image URL on the same domain. The slug comes
// from a Latin-script headline, else from the category. The URL has no
// date in it: the catalogue at any other now is the same articles at the
// same URLs, only published at other times, which is what lets the demo
// service serve a catalogue prebuilt for a fixed instant (server/demodb)
// and keeps the URL-derived popularity the same across restarts.
func (g *generator) links(i int, p plannedArticle, title string, image bool) (url, img string) {
	var buf [96]byte
	slug := buf[:0]
	if !p.src.bank.nonLatin {
		slug = appendSlug(slug, title, 60)
	}
	if letters(slug) < 8 {
		slug = append(slug[:0], p.cat...)
	}
	slug = appendTag(append(slug, '-'), i)

	w := &g.text
	start := w.Len()
	w.WriteString("https://")
	w.WriteString(p.src.domain)
	w.WriteByte('/')
	w.WriteString(string(p.cat))
	w.WriteByte('/')
	w.Write(slug)
	url = g.since(start)
	if image {
		start = w.Len()
		w.WriteString("https://")
		w.WriteString(p.src.domain)
		w.WriteString("/images/")
		w.Write(slug)
		w.WriteString(".jpg")
		img = g.since(start)
	}
	return url, img
}

// since returns what was written to the arena from start on. Strings
// handed out earlier stay valid: the builder only ever appends.
func (g *generator) since(start int) string { return g.text.String()[start:] }

// body writes the article text: the summary as lead, then up to
// c.sentences sentences, first those written for this story's family
// (shuffled), then sentences that fit any story of the category, then the
// language's filler when the banks run short; none repeated.
func (g *generator) body(sc scope, lead string, c choices, own, shared, filler []string) string {
	w := &g.text
	start := w.Len()
	switch c.mode {
	case contentParagraph:
		w.WriteString("<p>")
		w.WriteString(lead)
	case contentBoldLead:
		w.WriteString("<b>")
		w.WriteString(lead)
		w.WriteString("</b>")
	default:
		w.WriteString(lead)
	}
	n := c.sentences
	for _, list := range [3][]string{own, shared, filler} {
		for j := 0; j < len(list) && n > 0; j++ {
			k := j + g.rng.IntN(len(list)-j)
			list[j], list[k] = list[k], list[j]
			w.WriteByte(' ')
			sc.write(w, list[j])
			n--
		}
	}
	if c.mode == contentParagraph {
		w.WriteString("</p>")
	}
	text := g.since(start)
	if c.mode != contentTruncated {
		return text
	}
	cut, rest := truncation(text, c.limit)
	if cut == 0 {
		return text // short enough to send whole
	}
	start = w.Len()
	w.WriteString(text[:cut])
	w.WriteString("… [+")
	w.Write(strconv.AppendInt(nil, int64(rest+c.hidden), 10))
	w.WriteString(" chars]")
	return g.since(start)
}

// lengthen extends the headline written from start with clauses from the
// story's body until it is longer than longTitleRunes, as some outlets'
// SEO headlines are.
func (g *generator) lengthen(start int, sc scope, own, shared []string) {
	for _, list := range [2][]string{own, shared} {
		for _, s := range list {
			if utf8.RuneCountInString(g.since(start)) > longTitleRunes {
				return
			}
			g.text.WriteString(" — ")
			g.text.WriteString(strings.TrimRight(sc.render(s), ".!۔"))
		}
	}
}

// appendTag appends a six-hex-digit tag unique per article index (an odd
// multiplier is a bijection modulo 2^24), so URLs never collide.
func appendTag(dst []byte, i int) []byte {
	const hex = "0123456789abcdef"
	v := (uint32(i+1) * 0x9E3779B1) & 0xFFFFFF
	for shift := 20; shift >= 0; shift -= 4 {
		dst = append(dst, hex[v>>shift&0xF])
	}
	return dst
}

func letters(s []byte) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= 'a' && s[i] <= 'z' {
			n++
		}
	}
	return n
}

// Popularity is a stable, skewed popularity score for an article (a rough
// view count between 0 and about a million, median near 90,000), for the
// store's sortBy=popularity. It depends only on the URL, so it needs no
// storage and survives a restart with a different now.
func Popularity(a model.Article) int {
	h := mix(hashString(a.URL))
	u1, u2, u3 := h&0xFFFF, h>>16&0xFFFF, h>>32&0xFFFF
	return int(u1*u2/65536*u3/65536*16) + int(h>>48&0xFF)
}
