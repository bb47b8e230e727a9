package pageserver

import (
	"html"
	"strings"
)

// Hostile strings of the /hostile page: each appears in its text, where
// an extractor must pass it through as text (the reader cleans it for
// the terminal) without it changing the Markdown's structure.
var Hostile = []string{
	"\x1b[2J\x1b[H",            // clear the screen, cursor home
	"\x1b[31mred alert\x1b[0m", // colours
	"\x1b]8;;https://evil.example/\x07click here\x1b]8;;\x07", // OSC 8 link spoofing
	"\x1b]0;pwned title\x1b\\",                                // window title
	"\x1bP+q544e\x1b\\",                                       // DCS query
	"\u202Egnp.exe\u202C",                                     // right-to-left override
	"\u2066isolate\u2069",                                     // bidi isolate
	"pay\u200Bpal\u200D\uFEFF",                                // zero-width characters
	"line\u2028separator\u2029paragraph",                      // Unicode line separators
	"\x9b31m8-bit CSI",                                        // C1 control (as a rune)
	"\a\uF002# forged heading",                                // the converter's own markers
}

// Markdown-looking text of the /hostile page: it must stay text.
var HostileMarkdown = []string{
	"# Not a heading",
	"[99]",
	"[link](https://evil.example/)",
	"![img](https://evil.example/x.png)",
	"<script>alert(1)</script>",
	"**not bold**",
	"```",
	"> not a quote",
	"- not a list",
	"1. not a list",
	"---",
	"&lt;b&gt;",
	"\\[1\\]",
}

// hostileArticle is a real article whose every paragraph is laced with
// hostile text.
func hostileArticle() string {
	var b strings.Builder
	b.WriteString(`<article class="story">` + articleHeader("Barrier opens \x1b[31mlate\x1b[0m \u202Eetal\u202C as costs rise"))
	for i, h := range Hostile {
		md := HostileMarkdown[i%len(HostileMarkdown)]
		b.WriteString("<p>" + html.EscapeString(h+" "+paragraphs[i%len(paragraphs)]+" "+md) + "</p>\n")
	}
	for i, md := range HostileMarkdown {
		b.WriteString("<p>" + html.EscapeString(md) + "\n" + html.EscapeString(md) + " " + html.EscapeString(paragraphs[(i+5)%len(paragraphs)]) + "</p>\n")
	}
	b.WriteString(`<p>A link whose text is hostile: <a href="/evil">` + html.EscapeString("\x1b]8;;https://evil.example/\x07[7] ```") +
		`</a> and an image: <img src="/x.png" alt="` + html.EscapeString("alt ] with [3] brackets\nand a newline \x1b[2J") + `"></p>`)
	b.WriteString("<pre><code>" + html.EscapeString("code with ``` inside\n```\n# a heading in code\n\uF002```\n[5] [link](x)") + "</code></pre>\n")
	b.WriteString("<p>Inline <code>" + html.EscapeString("`[8]` and ``` fences") + "</code> code.</p>\n")
	b.WriteString(`</article>`)
	return b.String()
}
