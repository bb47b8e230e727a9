package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

func TestEveryCommandHelpShowsAnExample(t *testing.T) {
	root := newRootCommand(noEnv, &bytes.Buffer{})
	walk(root, func(c *cobra.Command) {
		if strings.TrimSpace(c.Example) == "" {
			t.Errorf("%q has no Example", c.CommandPath())
			return
		}
		var out bytes.Buffer
		c.SetOut(&out)
		if err := c.Help(); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "Examples:\n") || !strings.Contains(out.String(), "  tidings") {
			t.Errorf("%s --help shows no example:\n%s", c.CommandPath(), out.String())
		}
	})
}

func TestManPageIsOnePageWithEveryCommand(t *testing.T) {
	out, _, err := runSplit(t, noEnv, "man")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out, ".nh\n.TH \"TIDINGS\" \"1\"") || strings.Count(out, ".TH ") != 1 {
		t.Fatalf("not one tidings(1) page:\n%.300s", out)
	}
	for _, want := range []string{"\n.SH TIDINGS HEADLINES\n", "\n.SH TIDINGS FEEDS ADD\n", "\n.SH TIDINGS WATCH REMOVE\n",
		"\n.SH TIDINGS SERVE\n", "\n.SH TIDINGS MAN\n", "tidings headlines --demo --json | jq"} {
		if !strings.Contains(out, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(out, "tidings-serve(1)") {
		t.Error("the page refers to per-command pages that are not installed")
	}
}
