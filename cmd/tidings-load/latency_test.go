package main

import (
	"io"
	"strings"
	"testing"
)

// The latency mode's flags are bench.sh's; a missing one is named.
func TestLatencyFlags(t *testing.T) {
	cfg, err := parseLatencyFlags([]string{"-url", "http://127.0.0.1:1/v2,http://127.0.0.1:2/v2", "-key", "k",
		"-words", "a, b,", "-phrases", "a b", "-n", "3", "-pid", "10,11"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.BaseURLs) != 2 || strings.Join(cfg.Words, "|") != "a|b" || cfg.PerClass != 3 || len(cfg.PIDs) != 2 {
		t.Fatalf("parsed %+v", cfg)
	}
	for args, want := range map[string]string{
		"-key k -words a -phrases a":                            "-url is required",
		"-url http://127.0.0.1:1/v2 -phrases a":                 "-words and -phrases are required",
		"-url http://127.0.0.1:1/v2 -words a -phrases a -pid x": `-pid: "x" is not a process id`,
	} {
		if _, err := parseLatencyFlags(strings.Fields(args), io.Discard); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", args, err, want)
		}
	}
}
