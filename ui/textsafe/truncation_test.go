package textsafe

import "testing"

func TestSplitTruncation(t *testing.T) {
	cases := []struct {
		name, in, body string
		more           int
	}{
		{"ellipsis space", "The minister said the plan would… [+2341 chars]", "The minister said the plan would", 2341},
		{"ellipsis space before", "Prices rose sharply … [+812 chars]", "Prices rose sharply", 812},
		{"three dots no space", "Short text...[+12 chars]", "Short text", 12},
		{"singular", "Almost all[+1 char]", "Almost all", 1},
		{"only marker", "[+1 char]", "", 1},
		{"trailing whitespace", "Body… [+5 chars]  \n", "Body", 5},
		{"multiline body", "Line one\r\nLine two… [+99 chars]", "Line one\r\nLine two", 99},
		{"no marker", "A complete article body.", "A complete article body.", 0},
		{"empty", "", "", 0},
		{"marker not at end", "See [+12 chars] for details", "See [+12 chars] for details", 0},
		{"bracket not marker", "Results [final]", "Results [final]", 0},
		{"no number", "Text [+ chars]", "Text [+ chars]", 0},
		{"negative", "Text [+-3 chars]", "Text [+-3 chars]", 0},
		{"wrong unit", "Text [+3 words]", "Text [+3 words]", 0},
		{"overflow", "Text [+99999999999999999999999 chars]", "Text [+99999999999999999999999 chars]", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			body, more := SplitTruncation(tc.in)
			if body != tc.body || more != tc.more {
				t.Fatalf("SplitTruncation(%q) = (%q, %d), want (%q, %d)", tc.in, body, more, tc.body, tc.more)
			}
		})
	}
}
