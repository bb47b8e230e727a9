// Command tidings-gencat writes a large news catalogue as JSONL, in the
// shapes `tidings import` reads (spec 2.1 sources, spec 2.2 articles plus a
// numeric "popularity"), for benchmarks at 100,000 or 1,000,000 articles.
//
//	go run ./cmd/tidings-gencat --articles 1000000 --out /tmp/cat-1m.jsonl
//
// The text comes from the demo catalogue's generators (server/demo), round
// after round, each round a fortnight older than the one before and drawn
// from its own seed, so the words, languages, sources and shapes are the
// demo's while titles vary. The output depends only on --articles and --now.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"tidings/model"
	"tidings/server/demo"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "tidings-gencat:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tidings-gencat", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("articles", 100_000, "how many articles to write")
	out := fs.String("out", "-", "output file (- for standard output)")
	nowFlag := fs.String("now", "2026-11-22T12:00:00Z", "publication time of the newest round (RFC 3339)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *n < 0 {
		return fmt.Errorf("--articles %d: give zero or more", *n)
	}
	now, err := time.Parse(time.RFC3339, *nowFlag)
	if err != nil {
		return fmt.Errorf("--now: %w", err)
	}
	w := stdout
	if *out != "-" {
		f, err := os.Create(*out)
		if err != nil {
			return fmt.Errorf("create output: %w", err)
		}
		defer f.Close()
		w = f
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	if err := write(bw, *n, now); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	if f, ok := w.(*os.File); ok && *out != "-" {
		return f.Sync()
	}
	return nil
}

// line is an article in the spec's shape plus the popularity the demo
// service would give it.
type line struct {
	model.Article
	Popularity int `json:"popularity"`
}

func write(w io.Writer, n int, now time.Time) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	written := 0
	for round := 0; written < n; round++ {
		sources, articles := demo.CatalogueRound(now.Add(-time.Duration(round)*demo.Window), round)
		if round == 0 {
			for _, s := range sources {
				if err := enc.Encode(s); err != nil {
					return fmt.Errorf("write source: %w", err)
				}
			}
		}
		if len(articles) == 0 {
			return errors.New("the demo generator made no articles")
		}
		for _, a := range articles[:min(len(articles), n-written)] {
			if err := enc.Encode(line{Article: a, Popularity: demo.Popularity(a)}); err != nil {
				return fmt.Errorf("write article: %w", err)
			}
		}
		written += min(len(articles), n-written)
	}
	return nil
}
