package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// runMain runs the command line as Main does and returns what it wrote on
// stderr and the exit status.
func runMain(t *testing.T, getenv func(string) string, args ...string) (string, int) {
	t.Helper()
	var stderr bytes.Buffer
	root := newRootCommand(getenv, &stderr)
	root.SetArgs(args)
	root.SetOut(&stderr)
	root.SetErr(&stderr)
	code := execute(context.Background(), root, &stderr)
	return stderr.String(), code
}

// Each subcommand's usage error points at its own help.
func TestUsageHintNamesTheCommandThatFailed(t *testing.T) {
	for _, tc := range []struct {
		args []string
		hint string
	}{
		{[]string{"serve", "--rate-limit", "-5"}, "Run 'tidings serve --help' for usage."},
		{[]string{"serve", "--no-such-flag"}, "Run 'tidings serve --help' for usage."},
		{[]string{"feeds", "add"}, "Run 'tidings feeds add --help' for usage."},
		{[]string{"import", "x.jsonl"}, "Run 'tidings import --help' for usage."},
		{[]string{"--page-size", "101"}, "Run 'tidings --help' for usage."},
	} {
		out, code := runMain(t, noEnv, tc.args...)
		if code != 2 || !strings.Contains(out, tc.hint) {
			t.Errorf("tidings %s: status %d, stderr:\n%s\nwant status 2 and %q", strings.Join(tc.args, " "), code, out, tc.hint)
		}
	}
}

// A bad value is reported even when the key is missing too: the value is
// what the user just typed.
func TestServeChecksValuesBeforeAskingForAKey(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "--rate-limit", "-5"}, "invalid --rate-limit -5"},
		{[]string{"serve", "--refresh", "soon"}, "--refresh"},
		{[]string{"serve", "--cors-origin", "not an origin"}, "invalid --cors-origin"},
		{[]string{"serve", "--import", "x.jsonl"}, "--import needs --db"},
		{[]string{"serve", "--metrics-listen", "127.0.0.1:8080"}, "--metrics-listen is --listen's address"},
	} {
		out, code := runMain(t, noEnv, tc.args...)
		if code != 2 || !strings.Contains(out, tc.want) || strings.Contains(out, "needs at least one API key") {
			t.Errorf("tidings %s: status %d, stderr:\n%s\nwant status 2 and %q", strings.Join(tc.args, " "), code, out, tc.want)
		}
	}
}

// "--from today --to 3d" is one sentence naming both flags, what each
// meant, and nothing else: no list of forms the user did not get wrong.
func TestFromAfterToIsOneSentenceNamingBothFlags(t *testing.T) {
	now := time.Now()
	today := now.Format("2006-01-02")
	threeDays := now.Add(-72 * time.Hour).Format("2006-01-02")
	_, err := (&readerFlags{from: "today", to: "3d"}).resolve(noEnv)
	want := fmt.Sprintf("--from today (%s) is after --to 3d (%s", today, threeDays)
	if err == nil || !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), ";") || exitStatus(err) != 2 {
		t.Fatalf("error %v (status %d), want one sentence starting %q", err, exitStatus(err), want)
	}
}

// The help shows "3d ago": the flags take that as well as "3d".
func TestFromAndToTakeWhatTheHelpShows(t *testing.T) {
	help, _ := runMain(t, noEnv, "--help")
	if !strings.Contains(help, "3d, 2w ago") {
		t.Fatalf("the help no longer shows the relative forms:\n%s", help)
	}
	for _, v := range []string{"3d ago", "3d", "2w ago", "30m ago", "yesterday", "now"} {
		cfg, err := (&readerFlags{from: v}).resolve(noEnv)
		if err != nil {
			t.Errorf("--from %q: %v", v, err)
			continue
		}
		if cfg.search.From != v {
			t.Errorf("--from %q became %q; the search screen shows it as typed", v, cfg.search.From)
		}
	}
}

// serve --db of a file that is not there is refused (a typo would serve an
// empty catalogue) unless --create; nothing is created meanwhile.
func TestServeRefusesAMissingCatalogueWithoutCreate(t *testing.T) {
	db := filepath.Join(t.TempDir(), "typo.db")
	out, code := runMain(t, noEnv, "serve", "--db", db, "--api-key", "k", "--listen", "127.0.0.1:0")
	if code != 2 || !strings.Contains(out, "--db "+db+": there is no catalogue there") || !strings.Contains(out, "--create") {
		t.Fatalf("status %d, stderr:\n%s", code, out)
	}
	if _, err := os.Stat(db); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("the refused start left %s: %v", db, err)
	}
}

// A start that fails on a busy port leaves no file behind, even one
// --create was to make.
func TestServeOnABusyPortCreatesNothing(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	dir := t.TempDir()
	db := filepath.Join(dir, "x.db")
	out, code := runMain(t, noEnv, "serve", "--db", db, "--create", "--api-key", "k", "--listen", busy.Addr().String())
	if code != 1 || !strings.Contains(out, "--listen "+busy.Addr().String()+": bind: address already in use") {
		t.Fatalf("status %d, stderr:\n%s", code, out)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Fatalf("the failed start left %v", left)
	}
}

// A key given with --api-key is warned about before the UI starts (on
// stderr, before the terminal is taken) and in the UI's status line from
// its first frame, since the full-screen UI hides stderr until quitting.
func TestAPIKeyOnTheCommandLineIsWarnedAboutInTheUI(t *testing.T) {
	env := envOf(map[string]string{"NEWS_API_BASE_URL": "http://127.0.0.1:1/v2"})
	f := readerFlags{apiKey: "secret-key"}
	cfg, err := f.resolve(env)
	if err != nil || !cfg.keyOnCLI {
		t.Fatalf("resolve: %v, keyOnCLI %v", err, cfg.keyOnCLI)
	}
	hint := startupHint(cfg, readerService{})
	if !strings.Contains(hint, "--api-key") || !strings.Contains(hint, "NEWS_API_KEY") || len(hint) > 80 ||
		strings.Contains(hint, "secret-key") {
		t.Fatalf("status-line hint %q: want the warning, within 80 columns, without the key", hint)
	}
	fromEnv := readerFlags{}
	cfg, err = fromEnv.resolve(envOf(map[string]string{"NEWS_API_BASE_URL": "http://127.0.0.1:1/v2", "NEWS_API_KEY": "k"}))
	if err != nil || startupHint(cfg, readerService{}) != "" {
		t.Fatalf("a key from the environment is warned about: %v %q", err, startupHint(cfg, readerService{}))
	}
}
