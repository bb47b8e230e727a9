package demo

import (
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

// write assembles one article on story st for the planned slot p.
func (g *generator) write(i int, p plannedArticle, st *story) model.Article {
	b := p.src.bank
	t := b.topics[p.cat]
	sc := scope{b: b, seed: st.seed}

	fam := t.titles[st.fam]
	title := sc.render(fam[(st.hits+int(st.seed%3))%len(fam)])
	st.hits++
	var descBuf, bodyBuf [32]string
	descs := fitting(descBuf[:0], t.descs, st.fam)
	if len(descs) == 0 {
		descs = b.leads
	}
	desc := sc.render(descs[g.rng.IntN(len(descs))])
	own, shared := split(bodyBuf[:0], t.body, st.fam)
	var fillBuf [8]string
	filler := append(fillBuf[:0], b.filler...)
	body := g.body(sc, desc, own, shared, filler)

	if g.rng.IntN(100) < pctLongTitle {
		title = longTitle(title, sc, append(own, shared...))
	}
	published := g.now.Add(-g.articleAge(i, st)).UTC().Truncate(1e9)

	var buf [96]byte
	slug := buf[:0]
	if !b.nonLatin {
		slug = appendSlug(slug, title, 60)
	}
	if letters(slug) < 8 {
		slug = append(slug[:0], p.cat...) // titles in Arabic, Hebrew, Cyrillic script
	}
	slug = appendTag(append(slug, '-'), i)
	var date [16]byte
	a := model.Article{
		Source:      model.SourceRef{ID: p.src.ID, Name: p.src.Name},
		Title:       title,
		Description: desc,
		URL:         join("https://", p.src.domain, published.AppendFormat(date[:0], "/2006/01/02/"), slug, ""),
		URLToImage:  join("https://", p.src.domain, []byte("/images/"), slug, ".jpg"),
		PublishedAt: published,
		Content:     body,
	}
	g.roughen(&a, b)
	return a
}

// body is the article text: the summary as lead, then two to seven
// sentences, first those written for this story's family (shuffled), then
// sentences that fit any story of the category, then the language's filler
// when the banks run short; none repeated.
func (g *generator) body(sc scope, lead string, own, shared, filler []string) string {
	n := 2 + g.rng.IntN(6)
	var sb strings.Builder
	sb.Grow(len(lead) + n*130)
	sb.WriteString(lead)
	if len(filler) > maxFiller {
		filler = filler[:maxFiller]
	}
	for _, list := range [3][]string{own, shared, filler} {
		for j := 0; j < len(list) && n > 0; j++ {
			k := j + g.rng.IntN(len(list)-j)
			list[j], list[k] = list[k], list[j]
			sb.WriteByte(' ')
			sc.write(&sb, list[j])
			n--
		}
	}
	return sb.String()
}

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

// roughen applies the irregularities readers must cope with: missing
// authors, images and content, truncated content, stray HTML.
func (g *generator) roughen(a *model.Article, b *bank) {
	if g.rng.IntN(100) >= pctNoAuthor {
		a.Author = b.first[g.rng.IntN(len(b.first))] + " " + b.last[g.rng.IntN(len(b.last))]
	}
	if g.rng.IntN(100) < pctNoImage {
		a.URLToImage = ""
	}
	if g.rng.IntN(100) < pctEntities {
		a.Description = withEntities(a.Description)
	}
	switch r := g.rng.IntN(100); {
	case r < pctNoContent:
		a.Content = ""
	case r < pctNoContent+pctTruncated:
		a.Content = truncateContent(a.Content, 140+g.rng.IntN(70), 600+g.rng.IntN(3400))
	case r < pctNoContent+pctTruncated+pctHTMLContent:
		a.Content = withHTML(a.Content, r%2 == 0)
	}
}

// withHTML wraps the text in a paragraph, or bolds its lead sentence, as
// some feeds leave markup in content.
func withHTML(text string, para bool) string {
	if para {
		return "<p>" + text + "</p>"
	}
	if i := strings.Index(text, ". "); i > 0 {
		return "<b>" + text[:i+1] + "</b>" + text[i+1:]
	}
	return "<b>" + text + "</b>"
}

// longTitle extends a headline with clauses from the story's body until it
// is longer than longTitleRunes, as some outlets' SEO headlines are.
func longTitle(title string, sc scope, sentences []string) string {
	for j := 0; j < len(sentences) && utf8.RuneCountInString(title) <= longTitleRunes; j++ {
		clause := strings.TrimRight(sc.render(sentences[j]), ".!۔")
		title += " — " + clause
	}
	return title
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

// join concatenates URL parts with a single allocation.
func join(scheme, host string, mid, path []byte, suffix string) string {
	var sb strings.Builder
	sb.Grow(len(scheme) + len(host) + len(mid) + len(path) + len(suffix))
	sb.WriteString(scheme)
	sb.WriteString(host)
	sb.Write(mid)
	sb.Write(path)
	sb.WriteString(suffix)
	return sb.String()
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
// view count), for the store's sortBy=popularity: most articles get a few
// thousand, a few get hundreds of thousands. It depends only on the URL.
func Popularity(a model.Article) int {
	h := mix(hashString(a.URL))
	u1, u2, u3 := h&0xFFFF, h>>16&0xFFFF, h>>32&0xFFFF
	return int(u1*u2/65536*u3/65536*16) + int(h>>48&0xFF)
}
