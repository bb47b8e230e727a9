package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The README's layout table is how a newcomer finds where things go: every
// top-level folder and every program under cmd/ has a row, and every path
// a row names exists.
func TestReadmeLayoutCoversTheTree(t *testing.T) {
	rows := readmeLayoutPaths(t)
	var want []string
	top, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range top {
		if e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
			want = append(want, e.Name())
		}
	}
	cmds, err := os.ReadDir("cmd")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range cmds {
		if e.IsDir() {
			want = append(want, "cmd/"+e.Name())
		}
	}
	for _, dir := range want {
		if !rows[dir] {
			t.Errorf("README.md's layout table has no row for %s/: add one saying what it holds", dir)
		}
	}
	for p := range rows {
		if _, err := os.Stat(filepath.FromSlash(p)); err != nil {
			t.Errorf("README.md's layout table names %s, which is not in the tree: %v", p, err)
		}
	}
}

// codeSpan is a `path` in a table cell.
var codeSpan = regexp.MustCompile("`([^`]+)`")

// readmeLayoutPaths are the paths named in the first column of the
// README's "## Layout" table, without a trailing slash.
func readmeLayoutPaths(t *testing.T) map[string]bool {
	t.Helper()
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "\n## Layout\n")
	if !ok {
		t.Fatal(`README.md has no "## Layout" section`)
	}
	if i := strings.Index(section, "\n## "); i >= 0 {
		section = section[:i]
	}
	paths := map[string]bool{}
	for line := range strings.Lines(section) {
		cells := strings.Split(line, "|")
		if !strings.HasPrefix(line, "| ") || len(cells) < 3 {
			continue
		}
		for _, m := range codeSpan.FindAllStringSubmatch(cells[1], -1) {
			paths[strings.TrimSuffix(m[1], "/")] = true
		}
	}
	if len(paths) == 0 {
		t.Fatal("README.md's layout table names no path")
	}
	return paths
}
