package normalise

import (
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/mmcdole/gofeed"
	ext "github.com/mmcdole/gofeed/extensions"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// imageExts are the file name endings taken for an image when a
// media:content gives neither medium nor type (The Guardian's do not).
var imageExts = []string{".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif"}

// imageOf is the entry's picture, an absolute http(s) address, from the
// first source that has one: an image enclosure (type image/*), a
// media:content image (the widest, when several sizes are offered), a
// media:thumbnail, itunes:image, the entry's own image (JSON image or
// banner_image), and last the first <img> of its content, then of its
// description, that is not a 1×1 tracking pixel.
func imageOf(it *gofeed.Item, base string) string {
	var cands []string
	for _, e := range it.Enclosures {
		if e != nil && strings.HasPrefix(strings.ToLower(e.Type), "image/") {
			cands = append(cands, e.URL)
		}
	}
	contents, thumbs := mediaImages(it.Extensions["media"])
	cands = append(cands, contents...)
	cands = append(cands, thumbs...)
	if it.ITunesExt != nil {
		cands = append(cands, it.ITunesExt.Image)
	}
	if it.Image != nil {
		cands = append(cands, it.Image.URL)
	}
	for _, c := range cands {
		if u := absoluteHTTP(c, base); u != "" {
			return u
		}
	}
	for _, h := range []string{it.Content, it.Description} {
		if u := firstImg(h, base); u != "" {
			return u
		}
	}
	return ""
}

// mediaImages collects Media RSS images: media:content that is an image,
// widest first, and media:thumbnail, whether directly in the entry, in a
// media:group or inside a media:content.
func mediaImages(media map[string][]ext.Extension) (contents, thumbs []string) {
	type sized struct {
		url   string
		width int
	}
	var found []sized
	var visit func(m map[string][]ext.Extension)
	visit = func(m map[string][]ext.Extension) {
		for _, c := range m["content"] {
			if isImageMedia(c.Attrs) {
				w, _ := strconv.Atoi(c.Attrs["width"])
				found = append(found, sized{c.Attrs["url"], w})
			}
			for _, t := range c.Children["thumbnail"] {
				thumbs = append(thumbs, t.Attrs["url"])
			}
		}
		for _, t := range m["thumbnail"] {
			thumbs = append(thumbs, t.Attrs["url"])
		}
		for _, g := range m["group"] {
			visit(g.Children)
		}
	}
	visit(media)
	slices.SortStableFunc(found, func(a, b sized) int { return b.width - a.width })
	for _, f := range found {
		contents = append(contents, f.url)
	}
	return contents, thumbs
}

// isImageMedia reports whether a media:content's attributes say image.
func isImageMedia(attrs map[string]string) bool {
	medium, typ := strings.ToLower(attrs["medium"]), strings.ToLower(attrs["type"])
	if medium != "" || typ != "" {
		return medium == "image" || strings.HasPrefix(typ, "image/")
	}
	u := strings.ToLower(attrs["url"])
	u, _, _ = strings.Cut(u, "?")
	return slices.Contains(imageExts, path.Ext(u))
}

// firstImg is the first <img src> of an HTML fragment that resolves to an
// http(s) address and is not a tracking pixel (width or height 0 or 1).
func firstImg(fragment, base string) string {
	if !strings.Contains(fragment, "<") {
		return ""
	}
	z := html.NewTokenizer(strings.NewReader(fragment))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return ""
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			if atom.Lookup(name) != atom.Img || !hasAttr {
				continue
			}
			var src string
			pixel := false
			for more := true; more; {
				var k, v []byte
				k, v, more = z.TagAttr()
				switch string(k) {
				case "src":
					src = string(v)
				case "width", "height":
					if n := strings.TrimSpace(string(v)); n == "0" || n == "1" || n == "1px" {
						pixel = true
					}
				}
			}
			if pixel {
				continue
			}
			if u := absoluteHTTP(src, base); u != "" {
				return u
			}
		}
	}
}
