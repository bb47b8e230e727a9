// Command glam is ours plus glamour: the difference in package init is
// what glamour costs at every start of a program that links it.
package main

import (
	"fmt"

	"charm.land/glamour/v2"

	"tidings/ui/markdown"
	"tidings/ui/theme"
)

func main() {
	s := theme.New(true, false)
	fmt.Println(len(markdown.Render("# Hi\n\ntext", markdown.Options{Width: 80, Style: s.Markdown})))
	r, _ := glamour.NewTermRenderer(glamour.WithStandardStyle("dark"), glamour.WithWordWrap(80))
	out, _ := r.Render("# Hi\n\ntext")
	fmt.Println(len(out))
}
