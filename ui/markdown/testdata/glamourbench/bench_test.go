// Package glamourbench measures glamour against tidings' own Markdown
// renderer (tidings/ui/markdown) on the same 10,000-word article at 100
// columns, and what linking each costs a program at start. It is a
// throwaway module: run.sh copies it out of the repository and fetches
// glamour there, so glamour never enters tidings' go.mod.
package glamourbench

import (
	"strings"
	"syscall"
	"testing"
	"time"

	"charm.land/glamour/v2"

	"tidings/ui/markdown"
	"tidings/ui/theme"
)

// longMarkdown is tidings/ui/markdown's benchmark article (fixtures_test.go).
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

// cpu is the process's user+system CPU time: on a shared, busy machine
// CPU time per operation is inflated far less than wall time.
func cpu() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cpu()-start)/float64(b.N), "cpu-ns/op")
}

func BenchmarkGlamourRender10kWords(b *testing.B) {
	md := longMarkdown(10000)
	r, err := glamour.NewTermRenderer(glamour.WithStandardStyle("dark"), glamour.WithWordWrap(100))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(md)))
	b.ReportAllocs()
	start := cpu()
	for b.Loop() {
		if _, err := r.Render(md); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}

func BenchmarkGlamourNewRenderer(b *testing.B) {
	for b.Loop() {
		if _, err := glamour.NewTermRenderer(glamour.WithStandardStyle("dark"), glamour.WithWordWrap(100)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOursRender10kWords(b *testing.B) {
	md := longMarkdown(10000)
	s := theme.New(true, false)
	o := markdown.Options{Width: 100, Style: s.Markdown, Image: s.Reader.Image,
		Body: markdown.SGRPrefix(s.Reader.Body), LinkNumber: markdown.SGRPrefix(s.Reader.LinkNumber)}
	b.SetBytes(int64(len(md)))
	b.ReportAllocs()
	start := cpu()
	for b.Loop() {
		markdown.Render(md, o)
	}
	reportCPU(b, start)
}
