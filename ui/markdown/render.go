package markdown

import (
	"regexp"
	"strings"

	"charm.land/lipgloss/v2"

	"tidings/lazy"
	"tidings/ui/textsafe"
	"tidings/ui/theme"
)

// Options is everything a render depends on, copied out of the screen's
// model so that the render can run inside a Cmd.
type Options struct {
	Width int // of the text, without the screen's margin
	Style theme.MarkdownStyles
	Image lipgloss.Style // "[image: alt]" lines
	// Body is the SGR sequence of the body text's colour ("" for none).
	Body string
	// LinkNumber is the SGR sequence the links' numbers ("[3]") are
	// drawn in, so the links stand out of the text ("" for none).
	LinkNumber string
}

// SGRPrefix is the SGR sequence a style opens with ("" if it has none).
func SGRPrefix(st lipgloss.Style) string {
	out := st.Render("x")
	if i := strings.IndexByte(out, 'x'); i > 0 {
		return out[:i]
	}
	return ""
}

// chunkBytes is the size from which a run of blocks is rendered on its
// own, so that the first screens of a long article are laid out, and
// shown, before the rest (SplitHead).
const chunkBytes = 8 << 10

// imageLine is an image as extract writes it: a line "[image: alt]", or
// "[image]" for an image without alt text.
var imageLine = lazy.Value[*regexp.Regexp]{Build: func() *regexp.Regexp {
	return regexp.MustCompile(`^ {0,3}\[image(?::(.*))?\]\s*$`)
}}

// Chunk is a run of Markdown blocks rendered together, or one image line:
// a long article is cut into chunks (Chunks) so that its first screens
// can be laid out, and shown, before the rest (SplitHead, RenderChunks).
type Chunk struct {
	text  string
	image bool
}

// Render lays an article's Markdown out as terminal lines at most
// o.Width cells wide.
//
// The text is hostile. textsafe.Clean first removes every escape
// sequence, control, bidi and zero-width trick from it; goldmark then
// parses it, and the renderer below writes its text with SGR sequences
// only: links (extract writes them as "text [n]", so a Markdown link here
// is the page's own doing) and autolinks are shown as their text, never
// made clickable; raw HTML is shown as text, never interpreted; character
// references are resolved and cleaned again. Image lines never reach the
// parser: they are drawn muted, in o.Image.
func Render(md string, o Options) []string {
	return RenderChunks(Chunks(md), o)
}

// Chunks cleans hostile Markdown (textsafe.Clean) and cuts it into the
// chunks RenderChunks lays out; Render is RenderChunks(Chunks(md), o).
func Chunks(md string) []Chunk {
	return splitChunks(textsafe.Clean(md))
}

// headBytes is how much Markdown the first screens of an article take:
// at 100 columns a 40-line screen holds about 3.5 KB of text. It is
// rendered first, and shown, while the rest is rendered (SplitHead).
const headBytes = 6 << 10

// SplitHead cuts an article's chunks into the head, the first headBytes
// or so that fill the first screens, and the rest, so that the first
// screens of a long article are on screen before the rest is laid out.
func SplitHead(chunks []Chunk) (head, rest []Chunk) {
	n := 0
	for i, c := range chunks {
		if n >= headBytes {
			return chunks[:i], chunks[i:]
		}
		n += len(c.text)
	}
	return chunks, nil
}

// RenderChunks lays chunks out and joins them with one blank line
// between blocks. One core is enough: a 10,000-word article takes under
// 2 ms, and workers on other cores made it slower, not faster.
func RenderChunks(chunks []Chunk, o Options) []string {
	if len(chunks) == 0 {
		return nil
	}
	s := newSGRs(o)
	var lines []string
	for _, c := range chunks {
		var out []string
		if c.image {
			out = imageLines(c.text, o)
		} else {
			out = markdownLines(c.text, o.Width, &s)
		}
		lines = JoinBlocks(lines, [][]string{out})
	}
	return lines
}

// JoinBlocks appends rendered blocks to lines, one blank line between
// any two.
func JoinBlocks(lines []string, outs [][]string) []string {
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

// imageLines draws an "[image: alt]" line, wrapped, in the image style.
func imageLines(line string, o Options) []string {
	text := "[image]"
	if alt := strings.TrimSpace(imageLine.Get().FindStringSubmatch(line)[1]); alt != "" {
		text = "[image: " + alt + "]"
	}
	wrapped := textsafe.Wrap(text, o.Width)
	for i, l := range wrapped {
		wrapped[i] = o.Image.Render(l)
	}
	return wrapped
}

// splitChunks cuts Markdown into chunks that render the same apart as
// together: a chunk ends only at a blank line followed by an unindented
// line outside a fenced code block (so no list item, quote or code block
// is cut in two), once it holds chunkBytes; image lines are chunks of
// their own.
func splitChunks(md string) []Chunk {
	var chunks []Chunk
	var cur strings.Builder
	flush := func() {
		if strings.TrimSpace(cur.String()) != "" {
			chunks = append(chunks, Chunk{text: cur.String()})
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
		case (blank || cur.Len() == 0) && strings.HasPrefix(trimmed, "[image") && imageLine.Get().MatchString(line):
			flush()
			chunks = append(chunks, Chunk{text: line, image: true})
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
