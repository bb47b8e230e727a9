package cli

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

func newManCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "man",
		Short: "Write the manual page, tidings(1), to standard output",
		Long: "man writes tidings(1), one roff page describing every command, its flags and\n" +
			"examples, to standard output. Packages install it as\n" +
			"/usr/share/man/man1/tidings.1 (packaging/README.md).",
		Example: "  tidings man > tidings.1 && man -l tidings.1\n" +
			"  tidings man | gzip > /usr/local/share/man/man1/tidings.1.gz",
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			return writeManPage(cmd.OutOrStdout(), cmd.Root())
		},
	}
}

// writeManPage writes one page for the whole program: cobra's page of the
// root command (name, synopsis, description, options, examples) with, in
// place of its SEE ALSO of per-command pages we do not install, a section
// per command made of that command's own cobra page.
func writeManPage(out io.Writer, root *cobra.Command) error {
	header := &doc.GenManHeader{Title: "TIDINGS", Section: "1", Source: "tidings " + appVersion(), Manual: "User Commands"}
	page, err := manSections(root, header)
	if err != nil {
		return err
	}
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
	_, err = out.Write(b.Bytes())
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
	h := *header // GenMan fills in the date
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
