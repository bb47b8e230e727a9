package opml

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// FuzzParse checks that no input makes Parse panic, and that whatever
// Parse returns, Write writes and Parse reads back to the same outlines
// without warnings: an exported list imports to what was exported.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*"))
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Add(StarterOPML())
	for _, doc := range []string{
		"",
		"<opml/>",
		body(`<outline text="a&#x9;b" xmlUrl="https://a.example/x?y=1&amp;z=&lt;2&gt;" category="/Tech/Linux, /News" language="pt_BR" country="BR"/>`),
		body(`<outline text="Sport"><outline text="Health"><outline title="x" XMLURL="http://b.example/" htmlUrl="ftp://no"/></outline></outline>`),
		body(`<outline text="&#1;" xmlUrl="https://c.example/"/>`),
		`<?xml version="1.0" encoding="ISO-8859-1"?><opml><body><outline text="` + "\xe9\xff" + `" xmlUrl="https://d.example/"/></body></opml>`,
	} {
		f.Add([]byte(doc))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		outlines, _, err := Parse(bytes.NewReader(data))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := Write(&buf, "fuzz", outlines); err != nil {
			t.Fatalf("Write refused what Parse returned: %v\noutlines: %+v", err, outlines)
		}
		again, warnings, err := Parse(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("Parse of Write's output: %v\n%s", err, buf.String())
		}
		if len(warnings) != 0 {
			t.Errorf("warnings reading Write's output: %v\n%s", warnings, buf.String())
		}
		if len(outlines) == 0 && len(again) == 0 {
			return
		}
		if !reflect.DeepEqual(outlines, again) {
			t.Errorf("round trip changed the outlines:\n got %+v\nwant %+v\n%s", again, outlines, buf.String())
		}
	})
}
