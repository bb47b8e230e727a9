package textsafe

import "testing"

// FromHTML is htmltext's renderer (whose tests hold the cases of HTML as
// text) with this package's Clean: these are the cases where the terminal
// needs more than storage does, and a few of the renderer's, to show the
// two are joined.
func TestFromHTML(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"empty", "", ""},
		{"paragraphs", "<p>First para.</p><p>Second para.</p>", "First para.\n\nSecond para."},
		{"unordered list", "<ul><li>one</li><li> two </li></ul>", "• one\n• two"},
		{"literal with real tag", "AT&T <b>up</b> 3% & a < b", "AT&T up 3% & a < b"},
		// htmltext keeps "[2J" (it drops only the ESC); the terminal
		// loses the whole sequence.
		{"escape via entity", "<p>a&#27;[2Jb</p>", "ab"},
		{"escape raw in html", "<p>a\x1b]0;pwned\x07b</p>", "ab"},
		{"bidi via entity", "<p>a&#x202E;b</p>", "ab"},
		// HTML maps &#128;–&#159; to Windows-1252, so this is "›", not CSI
		{"c1 via entity", "<p>a&#155;31mb</p>", "a›31mb"},
		{"nul via entity", "<p>a&#0;b</p>", "a\ufffdb"},
		{"blank lines left by escapes collapse", "a\n\x1b[1m\n\n\nb", "a\n\nb"},
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
