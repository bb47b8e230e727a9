package textsafe

import "testing"

func TestFromHTML(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"empty", "", ""},
		{"plain text", "Just a sentence.", "Just a sentence."},
		{"plain keeps line breaks", "line one\nline two", "line one\nline two"},
		{"paragraphs", "<p>First para.</p><p>Second para.</p>", "First para.\n\nSecond para."},
		{"inline tags vanish", "<p>Hello <b>bold</b> and <a href=\"x\">link</a>!</p>", "Hello bold and link!"},
		{"br", "one<br>two<br/>three", "one\ntwo\nthree"},
		{"double br is one blank line", "one<br><br><br><br>two", "one\n\ntwo"},
		{"html whitespace collapses", "<p>  lots \n of\t\tspace  </p>", "lots of space"},
		{"unordered list", "<ul><li>one</li><li> two </li></ul>", "• one\n• two"},
		{"ordered list", "<p>Steps:</p><ol><li>mix</li><li>bake</li></ol><p>Done.</p>", "Steps:\n\n1. mix\n2. bake\n\nDone."},
		{"nested list", "<ul><li>a<ol><li>x</li></ol></li><li>b</li></ul>", "• a\n\n1. x\n\n• b"},
		{"headings", "<h1>Title</h1><h2>Sub</h2>body", "Title\n\nSub\n\nbody"},
		{"nested divs collapse", "<div><div><p>deep</p></div></div>tail", "deep\n\ntail"},
		{"table rows", "<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>", "a b\nc"},
		{"named entities", "<p>Tom &amp; Jerry &quot;quoted&quot; &lt;tag&gt; caf&eacute;</p>", "Tom & Jerry \"quoted\" <tag> café"},
		{"numeric entities", "<p>It&#8217;s &#x2014; fine</p>", "It’s — fine"},
		{"nbsp", "<p>10&nbsp;km</p>", "10\u00a0km"},
		{"entity in plain text", "Fish &amp; chips", "Fish & chips"},
		{"script dropped", "<p>before</p><script>alert('x')</script><p>after</p>", "before\n\nafter"},
		{"style dropped", "<style>p { color: red }</style><p>text</p>", "text"},
		{"script with tags inside", "<script>document.write('<p>hi</p>')</script>ok", "ok"},
		{"noscript and template dropped", "<noscript>enable js</noscript><template><p>t</p></template>x", "x"},
		{"comment dropped", "a<!-- hidden -->b", "ab"},
		{"attributes ignored", "<img src=x onerror=alert(1) alt=\"pic\">caption", "caption"},
		{"unclosed tags", "<p>unclosed <b>bold <i>italic", "unclosed bold italic"},
		{"stray end tags", "</div>text</p></b>", "text"},
		{"broken tag at end", "<p>text</p><a href=\"", "text"},
		{"lone broken tag is plain text", "text <a href=\"", "text <a href=\""},
		{"pre keeps spacing", "<pre>a  b\n  c</pre>", "a  b\n  c"},
		{"AT&T literal", "AT&T beats estimates", "AT&T beats estimates"},
		{"less than literal", "a < b and c > d", "a < b and c > d"},
		{"less than no space", "x<y and y>z", "x<y and y>z"},
		{"heart", "I <3 Go", "I <3 Go"},
		{"literal with real tag", "AT&T <b>up</b> 3% & a < b", "AT&T up 3% & a < b"},
		{"escape via entity", "<p>a&#27;[2Jb</p>", "ab"},
		{"escape raw in html", "<p>a\x1b]0;pwned\x07b</p>", "ab"},
		{"bidi via entity", "<p>a&#x202E;b</p>", "ab"},
		// HTML maps &#128;–&#159; to Windows-1252, so this is "›", not CSI
		{"c1 via entity", "<p>a&#155;31mb</p>", "a›31mb"},
		{"nul via entity", "<p>a&#0;b</p>", "a\ufffdb"},
		{"blank lines collapse", "a\n\n\n\n b \n\n\n\nc", "a\n\n b\n\nc"},
		{"leading trailing blank trimmed", "\n\n<p>x</p>\n\n", "x"},
		{"whitespace only", "<p> </p><div>\n</div>", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := FromHTML(tc.in)
			if got != tc.want {
				t.Fatalf("FromHTML(%q)\n got %q\nwant %q", tc.in, got, tc.want)
			}
			if err := checkClean(got); err != "" {
				t.Fatalf("output not clean: %s", err)
			}
		})
	}
}
