package reader

import (
	"regexp"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"charm.land/glamour/v2"
	"charm.land/glamour/v2/ansi"
	"charm.land/lipgloss/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"tidings/ui/textsafe"
)

// renderOpts is everything a Markdown render depends on, copied out of the
// model so that the render can run inside a Cmd.
type renderOpts struct {
	width int // of the text, without the reader's margin
	style ansi.StyleConfig
	image lipgloss.Style
	// body is the SGR sequence of the body text's colour ("" for none):
	// glamour's document has no colour of its own (see theme.markdownStyle).
	body string
	// linkNumber is the SGR sequence the links' numbers ("[3]") are
	// drawn in, so the links stand out of the text ("" for none).
	linkNumber string
}

// linkMarker is a link's number in the rendered text. It cannot match
// inside an SGR sequence, which never holds a ']'.
var linkMarker = regexp.MustCompile(`\[[0-9]{1,4}\]`)

// sgrPrefix is the SGR sequence a style opens with ("" if it has none).
func sgrPrefix(st lipgloss.Style) string {
	out := st.Render("x")
	if i := strings.IndexByte(out, 'x'); i > 0 {
		return out[:i]
	}
	return ""
}

// chunkBytes is the size from which a run of blocks is rendered on its
// own. Glamour's cost is linear in the text, so chunks change nothing for
// one core; they let a 10,000-word article render on every core at once.
const chunkBytes = 2048

// imageLine is an image as extract writes it: a line "[image: alt]".
var imageLine = regexp.MustCompile(`^ {0,3}\[image:(.*)\]\s*$`)

// chunk is a run of Markdown blocks rendered together, or one image line.
type chunk struct {
	text  string
	image bool
}

// renderMarkdown lays an article's Markdown out as terminal lines at most
// o.width cells wide.
//
// The text is hostile. textsafe.Clean first removes every escape
// sequence, control, bidi and zero-width trick from it; glamour then
// styles it, and its output keeps only SGR sequences (sgrOnly): glamour
// writes an OSC 8 hyperlink for every link, autolink and image, and none
// may reach the terminal from a page (extract writes links as "text [n]",
// so a Markdown link here is the page's own doing; its address is shown
// as text, never made clickable). Image lines never reach glamour: they
// are drawn muted by the reader.
func renderMarkdown(md string, o renderOpts) []string {
	return renderChunks(splitChunks(textsafe.Clean(md)), o)
}

// headBytes is how much Markdown the first screens of an article take:
// at 100 columns a 40-line screen holds about 3.5 KB of text. It is
// rendered first, and shown, while the rest is rendered (splitHead).
const headBytes = 6 << 10

// splitHead cuts an article's chunks into the head, the first headBytes
// or so that fill the first screens, and the rest. A 10,000-word article
// takes glamour 20-30 ms to lay out on a 2-core machine; its first
// screens take 2-3, so they are on screen that much sooner.
func splitHead(chunks []chunk) (head, rest []chunk) {
	n := 0
	for i, c := range chunks {
		if n >= headBytes {
			return chunks[:i], chunks[i:]
		}
		n += len(c.text)
	}
	return chunks, nil
}

// renderChunks lays chunks out, on every core, and joins them with one
// blank line between blocks.
func renderChunks(chunks []chunk, o renderOpts) []string {
	outs := make([][]string, len(chunks))
	workers := min(runtime.GOMAXPROCS(0), len(chunks))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var r *glamour.TermRenderer
			for {
				i := int(next.Add(1)) - 1
				if i >= len(chunks) {
					return
				}
				if chunks[i].image {
					outs[i] = imageLines(chunks[i].text, o)
					continue
				}
				if r == nil {
					r = newGlamour(o)
				}
				outs[i] = glamourLines(r, chunks[i].text, o)
			}
		}()
	}
	wg.Wait()
	return joinBlocks(nil, outs)
}

// joinBlocks appends rendered blocks to lines, one blank line between
// any two.
func joinBlocks(lines []string, outs [][]string) []string {
	for _, out := range outs {
		if len(out) == 0 {
			continue
		}
		if len(lines) > 0 {
			lines = append(lines, "")
		}
		lines = append(lines, out...)
	}
	return lines
}

func newGlamour(o renderOpts) *glamour.TermRenderer {
	r, err := glamour.NewTermRenderer(glamour.WithStyles(o.style), glamour.WithWordWrap(o.width))
	if err != nil { // only from options that read files; ours do not
		panic("reader: glamour: " + err.Error())
	}
	return r
}

// glamourLines renders one chunk and makes its lines terminal-safe, at
// most width cells, without trailing blanks or blank lines at either end.
func glamourLines(r *glamour.TermRenderer, md string, o renderOpts) []string {
	out, err := r.Render(md)
	if err != nil {
		// Rendering failed on some construct: show the text plainly
		// rather than nothing.
		out = md
	}
	raw := strings.Split(out, "\n")
	lines := make([]string, 0, len(raw))
	for _, l := range raw {
		l = sgrOnly(l, o.body)
		if o.linkNumber != "" && strings.IndexByte(l, ']') >= 0 {
			l = linkMarker.ReplaceAllString(l, o.linkNumber+"$0\x1b[m"+o.body)
		}
		if xansi.StringWidth(l) > o.width {
			l = xansi.Truncate(l, o.width, "")
		}
		lines = append(lines, l)
	}
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// imageLines draws an "[image: alt]" line, wrapped, in the image style.
func imageLines(line string, o renderOpts) []string {
	text := "[image: " + strings.TrimSpace(imageLine.FindStringSubmatch(line)[1]) + "]"
	wrapped := textsafe.Wrap(text, o.width)
	for i, l := range wrapped {
		wrapped[i] = o.image.Render(l)
	}
	return wrapped
}

// splitChunks cuts Markdown into chunks that render the same apart as
// together: a chunk ends only at a blank line followed by an unindented
// line outside a fenced code block (so no list item, quote or code block
// is cut in two), once it holds chunkBytes; image lines are chunks of
// their own.
func splitChunks(md string) []chunk {
	var chunks []chunk
	var cur strings.Builder
	flush := func() {
		if strings.TrimSpace(cur.String()) != "" {
			chunks = append(chunks, chunk{text: cur.String()})
		}
		cur.Reset()
	}
	fence := ""
	blank := false // the previous line was blank
	for line := range strings.Lines(md) {
		line = strings.TrimSuffix(line, "\n")
		trimmed := strings.TrimLeft(line, " ")
		indent := len(line) - len(trimmed)
		switch {
		case fence != "":
			if indent < 4 && strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]) == "" {
				fence = ""
			}
		case indent < 4 && (strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~")):
			if blank && cur.Len() >= chunkBytes {
				flush()
			}
			fence = trimmed[:3]
		case imageLine.MatchString(line) && (blank || cur.Len() == 0):
			flush()
			chunks = append(chunks, chunk{text: line, image: true})
			blank = true // what follows starts a block of its own
			continue
		case blank && indent == 0 && trimmed != "" && cur.Len() >= chunkBytes:
			flush()
		}
		cur.WriteString(line)
		cur.WriteByte('\n')
		blank = fence == "" && strings.TrimSpace(line) == ""
	}
	flush()
	return chunks
}

// sgrOnly returns a rendered line with every escape sequence but SGR
// removed (glamour's OSC 8 hyperlinks above all), C0 controls dropped and
// trailing spaces trimmed (glamour pads lines to the wrap width). The SGR
// sequences after the last character are kept, so styles still end.
//
// A non-empty body tints the line: it opens the line and follows every
// reset, so text glamour leaves unstyled has the body colour.
func sgrOnly(s, body string) string {
	if !strings.ContainsRune(s, 0x1b) && !strings.HasSuffix(s, " ") && (body == "" || s == "") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 64)
	b.WriteString(body)
	textEnd := 0 // b's length after the last character that is not a space
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			n := escLen(s[i:])
			if seq := s[i : i+n]; isSGR(seq) {
				b.WriteString(seq)
				if body != "" && (seq == "\x1b[m" || seq == "\x1b[0m") {
					b.WriteString(body)
				}
			}
			i += n
		case c < 0x20 || c == 0x7f:
			i++
		default:
			b.WriteByte(c)
			if c != ' ' {
				textEnd = b.Len()
			}
			i++
		}
	}
	out := b.String()
	if textEnd == 0 {
		return ""
	}
	// Only SGR sequences and spaces (glamour's padding, styled) follow
	// textEnd: one reset ends whatever is open.
	if body != "" || strings.IndexByte(out[textEnd:], 0x1b) >= 0 {
		return out[:textEnd] + "\x1b[m"
	}
	return out[:textEnd]
}

// escLen is the length of the escape sequence at the start of s: CSI up to
// its final byte, OSC/DCS/APC/PM/SOS up to BEL or ST, otherwise two bytes.
func escLen(s string) int {
	if len(s) < 2 {
		return len(s)
	}
	switch s[1] {
	case '[':
		for j := 2; j < len(s); j++ {
			if s[j] >= 0x40 && s[j] <= 0x7e {
				return j + 1
			}
		}
		return len(s)
	case ']', 'P', '_', '^', 'X':
		for j := 2; j < len(s); j++ {
			if s[j] == 0x07 {
				return j + 1
			}
			if s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\' {
				return j + 2
			}
		}
		return len(s)
	}
	return 2
}

// isSGR reports whether seq is ESC [ params m.
func isSGR(seq string) bool {
	if len(seq) < 3 || seq[1] != '[' || seq[len(seq)-1] != 'm' {
		return false
	}
	for i := 2; i < len(seq)-1; i++ {
		if c := seq[i]; (c < '0' || c > '9') && c != ';' && c != ':' {
			return false
		}
	}
	return true
}
