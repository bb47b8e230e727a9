// Command ours renders a line with tidings' renderer only: its init cost
// is the baseline.
package main

import (
	"fmt"

	"tidings/ui/markdown"
	"tidings/ui/theme"
)

func main() {
	s := theme.New(true, false)
	fmt.Println(len(markdown.Render("# Hi\n\ntext", markdown.Options{Width: 80, Style: s.Markdown})))
}
