package articles

import (
	"bytes"
	"compress/flate"
	"io"
	"strings"
	"sync"
)

// Cold text: what of an article only the reader, the preview and saving
// read (its content, its image's link, its author and its source's id)
// kept deflated a page at a time (issue 31).
//
// Why: with 10,000 articles loaded they were 2.2 MB of the reader's heap
// (the content ~130 bytes an article once the description is taken off
// its front, the image's link ~90), while a list draws titles,
// descriptions and sources. Deflated at BestSpeed a page's block takes
// half: 22.8 KB to 11 KB for a page of 100 of the benchmark's articles.
// Looking at an article inflates its page's block (about 11 KB, tens of
// microseconds, once on opening), and the block inflated last is kept
// for the next look, so drawing the reader or the preview frame after
// frame inflates nothing.

// coldRef is an Item's place in a cold block.
type coldRef struct {
	block *coldBlock
	i     int32
}

// coldText is an item's cold strings.
type coldText struct {
	content  string // plain text, HTML removed, without the "[+N chars]" marker
	image    string // urlToImage as sent
	author   string // sanitised
	sourceID string // as sent
}

// coldFields is how many strings an item has in a block.
const coldFields = 4

func (c coldText) fields() [coldFields]string {
	return [coldFields]string{c.content, c.image, c.author, c.sourceID}
}

// coldBlock holds the cold strings of one or more items: item i's
// fields (coldText.fields) are the text between ends[4i-1] (0 for the
// first) and ends[4i], ends[4i] and ends[4i+1], and so on.
type coldBlock struct {
	deflated []byte // nil: text holds the strings as they are
	text     string
	ends     []uint32
}

// minDeflate is the least text worth deflating: below it the block's
// framing and a later inflate cost more than they save.
const minDeflate = 1024

// newColdBlock builds the block of the items' cold strings, deflated if
// asked and worth it.
func newColdBlock(items []coldText, compress bool) *coldBlock {
	b := &coldBlock{ends: make([]uint32, 0, coldFields*len(items))}
	var sb strings.Builder
	n := 0
	for _, it := range items {
		for _, f := range it.fields() {
			n += len(f)
		}
	}
	sb.Grow(n)
	for _, it := range items {
		for _, f := range it.fields() {
			sb.WriteString(f)
			b.ends = append(b.ends, uint32(sb.Len()))
		}
	}
	b.text = sb.String()
	if compress && len(b.text) >= minDeflate {
		if z, ok := deflate(b.text); ok {
			b.deflated, b.text = z, ""
		}
	}
	return b
}

// get returns item i's cold strings.
func (b *coldBlock) get(i int32) coldText {
	if b == nil {
		return coldText{}
	}
	text := b.inflated()
	var f [coldFields]string
	start := uint32(0)
	if i > 0 {
		start = b.ends[coldFields*i-1]
	}
	for k := range f {
		end := b.ends[coldFields*int(i)+k]
		f[k], start = text[start:end], end
	}
	return coldText{content: f[0], image: f[1], author: f[2], sourceID: f[3]}
}

// lastInflated is the block inflated last and its text.
var lastInflated struct {
	sync.Mutex
	block *coldBlock
	text  string
}

func (b *coldBlock) inflated() string {
	if b.deflated == nil {
		return b.text
	}
	lastInflated.Lock()
	defer lastInflated.Unlock()
	if lastInflated.block != b {
		lastInflated.block, lastInflated.text = b, inflate(b.deflated, int(b.ends[len(b.ends)-1]))
	}
	return lastInflated.text
}

var deflaters = sync.Pool{New: func() any {
	w, _ := flate.NewWriter(nil, flate.BestSpeed) // BestSpeed is a valid level: no error
	return w
}}

// deflate compresses s; ok is false when that saves nothing.
func deflate(s string) (z []byte, ok bool) {
	var buf bytes.Buffer
	buf.Grow(len(s) / 2)
	w := deflaters.Get().(*flate.Writer)
	defer deflaters.Put(w)
	w.Reset(&buf)
	if _, err := io.WriteString(w, s); err != nil {
		return nil, false
	}
	if err := w.Close(); err != nil {
		return nil, false
	}
	if buf.Len() >= len(s) {
		return nil, false
	}
	z = keep(buf.Len())
	copy(z, buf.Bytes())
	return z, true
}

// inflate undoes deflate. The text was deflated here a moment before,
// in memory: an error would be a defect, and shows as the text inflated
// so far rather than a crash.
func inflate(z []byte, size int) string {
	var sb strings.Builder
	sb.Grow(size)
	r := flate.NewReader(bytes.NewReader(z))
	_, _ = io.Copy(&sb, r)
	_ = r.Close()
	return sb.String()
}
