// Command tidings-benchtool (built as benchtool by bench.sh) is the Go
// half of scripts/bench.sh: the measurements a shell cannot take well.
// Every subcommand works on loopback only. (The load itself comes from
// cmd/tidings-load: `tidings-load latency`.)
//
//	benchtool words  -db FILE -n 40          most common searchable words of a catalogue
//	benchtool reader -bin TIDINGS ...         reader start-up checks in tmux (first frame, RSS, idle CPU)
//	benchtool bare                            a bare Bubble Tea program (the idle-CPU baseline)
//	benchtool feeds  -opml FILE [-feeds 1000] generated feeds on loopback hosts, to ingest under load
//	benchtool report -dir RESULTS -out FILE   docs/performance.md from a results directory
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: benchtool words|reader|bare|feeds|report [flags]")
		os.Exit(2)
	}
	var err error
	args := os.Args[2:]
	switch os.Args[1] {
	case "words":
		err = wordsCmd(args)
	case "reader":
		err = readerCmd(args)
	case "bare":
		err = bareCmd(args)
	case "feeds":
		err = feedsCmd(args)
	case "report":
		err = reportCmd(args)
	default:
		err = fmt.Errorf("unknown subcommand %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchtool:", err)
		os.Exit(1)
	}
}
