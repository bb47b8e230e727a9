package markdown

import "strings"

// sampleMarkdown has every construct the reader renders (the reader's
// tests hold the same article).
const sampleMarkdown = `Lawmakers agreed on the budget at dawn after a session that ran through the night, ending months of talks [1].

## What changes

The plan raises spending on schools and hospitals, and it trims the defence budget by two per cent over three years [2].

- Schools get 4 billion more.
- Hospitals get 2.5 billion, mostly for staff.
- Rail projects wait a year.

[image: The chamber at dawn, lawmakers standing to vote]

> "It is not the budget we wanted, but it is the budget we need," the finance minister said.

### Next steps

1. The upper house votes next week.
2. The president signs within ten days.

` + "```" + `
total = schools + hospitals
` + "```" + `

Read the *full* report and the **minister's** statement [3].
`

// longMarkdown is a words-long article of headings, paragraphs, lists,
// quotes and images, the shape of a long feature (the reader's scrolling
// benchmarks use the same).
func longMarkdown(words int) string {
	var b strings.Builder
	w := 0
	sentence := "The committee heard from witnesses who described the work in detail and answered questions [4]. "
	for i := 0; w < words; i++ {
		if i%8 == 0 {
			b.WriteString("## Part of the story\n\n")
			w += 4
		}
		switch i % 11 {
		case 3:
			b.WriteString("- A first point, made briefly.\n- A second point, made at more length than the first.\n\n")
			w += 17
		case 6:
			b.WriteString("> A quoted remark that goes on for a while, as quotes do in long articles.\n\n")
			w += 15
		case 9:
			b.WriteString("[image: A photograph of the harbour at dawn]\n\n")
		}
		for j := 0; j < 5; j++ {
			b.WriteString(sentence)
			w += 15
		}
		b.WriteString("\n\n")
	}
	return b.String()
}
