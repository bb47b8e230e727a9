package cli

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/adrg/xdg"
	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

var updateMan = flag.Bool("update-man", false, "write cli/tidings.1 anew from the commands")

// The embedded page is the one cobra/doc makes of today's commands. It
// fails when a command, a flag or an example changed and tidings.1 was
// not made again (go test ./cli -run TestManPageIsCurrent -update-man).
func TestManPageIsCurrent(t *testing.T) {
	var b bytes.Buffer
	if err := writeManPage(&b, newRootCommand(noEnv, io.Discard)); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	if *updateMan {
		if err := os.WriteFile("tidings.1", []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if page != manPage {
		t.Fatalf("cli/tidings.1 is not the page of today's commands: run\n"+
			"  go test ./cli -run TestManPageIsCurrent -update-man\n"+
			"and commit it (%d bytes made, %d embedded)", len(page), len(manPage))
	}
}

// manGenDate is the fixed date the page is made with; its "Jan 2006"
// form becomes the placeholder fillManPage fills in.
var manGenDate = time.Date(2000, time.January, 1, 0, 0, 0, 0, time.UTC)

// writeManPage writes one page for the whole program: cobra's page of the
// root command (name, synopsis, description, options, examples) with, in
// place of its SEE ALSO of per-command pages we do not install, a section
// per command made of that command's own cobra page.
func writeManPage(out io.Writer, root *cobra.Command) error {
	header := &doc.GenManHeader{Title: "TIDINGS", Section: "1", Source: "tidings " + manVersionPlaceholder,
		Manual: "User Commands", Date: &manGenDate}
	page, err := manSections(root, header)
	if err != nil {
		return err
	}
	page = strings.Replace(page, `"`+manGenDate.Format("Jan 2006")+`"`, `"`+manDatePlaceholder+`"`, 1)
	var b bytes.Buffer
	b.WriteString(page)
	b.WriteString("\n.SH COMMANDS\n.PP\nEach command has its own section below; `tidings COMMAND --help` shows the same.\n")
	var walkErr error
	walk(root, func(c *cobra.Command) {
		if walkErr != nil || c == root {
			return
		}
		body, err := manSections(c, header)
		if err != nil {
			walkErr = err
			return
		}
		fmt.Fprintf(&b, "\n.SH %s\n", strings.ToUpper(c.CommandPath()))
		b.WriteString(demoteSections(body))
	})
	if walkErr != nil {
		return walkErr
	}
	b.WriteString("\n.SH SEE ALSO\n.PP\nThe README and docs/ of the tidings sources; systemd.exec(5) for the service unit.\n")
	// --help shows the user's own files; the page, one for every user,
	// names the directories they are in.
	page = strings.NewReplacer(xdg.ConfigHome, "$XDG_CONFIG_HOME", xdg.DataHome, "$XDG_DATA_HOME",
		xdg.StateHome, "$XDG_STATE_HOME", xdg.CacheHome, "$XDG_CACHE_HOME").Replace(b.String())
	_, err = io.WriteString(out, page)
	return err
}

// walk calls visit on c and every available command below it, depth first.
func walk(c *cobra.Command, visit func(*cobra.Command)) {
	visit(c)
	for _, sub := range c.Commands() {
		if sub.IsAvailableCommand() {
			walk(sub, visit)
		}
	}
}

// manSections is cobra's man page of c without its SEE ALSO section, and,
// below the root, without its title header and NAME section (the
// command's section heading stands for them).
func manSections(c *cobra.Command, header *doc.GenManHeader) (string, error) {
	c.DisableAutoGenTag = true
	var buf bytes.Buffer
	h := *header
	if err := doc.GenMan(c, &h, &buf); err != nil {
		return "", fmt.Errorf("man page of %s: %w", c.CommandPath(), err)
	}
	page := buf.String()
	if i := strings.Index(page, "\n.SH SEE ALSO"); i >= 0 {
		page = page[:i+1]
	}
	if c.HasParent() {
		if i := strings.Index(page, "\n.SH NAME\n"); i >= 0 {
			page = page[i+1:]
		}
	}
	return page, nil
}

// demoteSections makes a command page's sections subsections of the
// command's section; its NAME line becomes the first paragraph.
func demoteSections(page string) string {
	lines := strings.Split(page, "\n")
	for i, l := range lines {
		if rest, ok := strings.CutPrefix(l, ".SH "); ok {
			if strings.Trim(rest, `"`) == "NAME" {
				lines[i] = ".PP"
				continue
			}
			lines[i] = ".SS " + rest
		}
	}
	return strings.Join(lines, "\n")
}
