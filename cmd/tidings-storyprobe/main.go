// Command tidings-storyprobe measures how far word evidence alone can
// take story grouping on the hand-written real-style coverage of
// stories/testdata/realworld (issue 29), independently of the grouper:
//
//   - the reach: the share of same-event pairs joined, directly or
//     through other reports of the event, by a rare word they share
//     (the most any grouper that links on shared words could group);
//   - the pairs of one language within 12 hours of each other ranked by
//     the IDF cosine of headline and standfirst, and by a logistic pair
//     scorer trained on other batches (shared words and names, their
//     rarity, figures, time apart, clashing names): the precision of the
//     top of each ranking at each recall, and the most recall either
//     reaches at precision 0.95.
//
// It is a measuring tool for docs/stories.md, not part of the service:
// nothing in stories/ or server/ uses it, and it never tunes the grouper.
//
//	go run ./cmd/tidings-storyprobe -train dev,holdout,blind -test blind2
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
)

func main() {
	dir := flag.String("dir", "stories/testdata/realworld", "directory of the labelled *.jsonl files")
	train := flag.String("train", "dev,holdout,blind", "batches the pair scorer is trained on")
	test := flag.String("test", "blind2", "batch the rankings are measured on")
	wrong := flag.Int("wrong", 0, "print the `n` highest-ranked pairs of two events of each ranking")
	flag.Parse()
	if err := run(*dir, split(*train), split(*test), *wrong); err != nil {
		fmt.Fprintln(os.Stderr, "tidings-storyprobe:", err)
		os.Exit(1)
	}
}

func split(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func run(dir string, train, test []string, wrong int) error {
	arts, err := load(dir)
	if err != nil {
		return err
	}
	trainSet, testSet := pairsOf(arts, train), pairsOf(arts, test)
	if len(trainSet) == 0 || len(testSet) == 0 {
		return fmt.Errorf("no pairs in batches %v or %v of %s", train, test, dir)
	}
	w := fitLogistic(trainSet)
	fmt.Printf("test batches %s (%d same-event pairs within 12 hours of %d candidate pairs); scorer trained on %s\n\n",
		strings.Join(test, ","), positives(testSet), len(testSet), strings.Join(train, ","))
	fmt.Printf("reach through shared rare words (≤ 5 articles of the batch's language): %.3f of same-event pairs\n\n", reach(arts, test))
	cos := func(p pair) float64 { return p.x[featCosine] }
	learned := func(p pair) float64 { return w.score(p.x) }
	printRanking("IDF cosine of headline and standfirst", rank(testSet, cos), wrong)
	printRanking("logistic pair scorer", rank(testSet, learned), wrong)
	return nil
}
