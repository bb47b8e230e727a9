package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// initialisersAllowed are the packages of ours that still run an
// initialiser at start-up, and why. Every other package of tidings must
// have none: each initialiser runs in every process (`tidings --version`
// included) and faults in its own windows of the binary's text and
// tables, which is what kept the version and the reader over their memory
// budgets (issue 31). Declare package-level values statically (constants,
// composite literals of constants, funcs with a switch) or build them on
// first use with lazy.Value; a package-level sync.OnceValue(...) is itself
// a call that runs at start-up.
var initialisersAllowed = map[string]string{}

// TestNoInitialiserRunsAtStartup builds tidings as it ships (CGO_ENABLED=0)
// and runs `tidings --version` with GODEBUG=inittrace=1, which makes the
// runtime print one line per package initialiser it runs.
func TestNoInitialiserRunsAtStartup(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the tidings binary")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build tidings with:", err)
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "tidings")
	build := exec.Command(goTool, "build", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}

	run := exec.Command(bin, "--version")
	run.Env = append(os.Environ(), "GODEBUG=inittrace=1", "HOME="+dir,
		"XDG_CONFIG_HOME="+filepath.Join(dir, "config"), "XDG_STATE_HOME="+filepath.Join(dir, "state"),
		"XDG_CACHE_HOME="+filepath.Join(dir, "cache"), "XDG_DATA_HOME="+filepath.Join(dir, "data"))
	var stderr bytes.Buffer
	run.Stderr = &stderr
	if out, err := run.Output(); err != nil {
		t.Fatalf("tidings --version: %v\n%s%s", err, out, stderr.Bytes())
	}

	seen := 0
	sc := bufio.NewScanner(&stderr)
	for sc.Scan() {
		// "init tidings/config @11 ms, 0.053 ms clock, 14312 bytes, 140 allocs"
		pkg, ok := strings.CutPrefix(sc.Text(), "init ")
		if !ok {
			continue
		}
		seen++
		pkg, _, _ = strings.Cut(pkg, " ")
		if pkg != "tidings" && !strings.HasPrefix(pkg, "tidings/") {
			continue
		}
		if _, ok := initialisersAllowed[pkg]; !ok {
			t.Errorf("package %s runs an initialiser at start-up: %s", pkg, sc.Text())
		}
	}
	if seen == 0 {
		t.Fatalf("GODEBUG=inittrace=1 printed no initialiser at all; stderr:\n%s", stderr.Bytes())
	}
}
