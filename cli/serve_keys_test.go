package cli

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"tidings/feeds"
	"tidings/server"
)

func writeKeys(t *testing.T, path, content string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil { // whatever the umask
		t.Fatal(err)
	}
}

func TestKeysFileFormat(t *testing.T) {
	path := filepath.Join(t.TempDir(), "keys")
	var logs bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&logs, nil))
	writeKeys(t, path, "\ufeff# production keys\n\n  alpha-key  \n#beta-key\nGamma_Key\r\n", 0o600)
	keys, err := readKeysFile(path, logger)
	if err != nil || !slices.Equal(keys, []string{"alpha-key", "Gamma_Key"}) {
		t.Fatalf("keys %q, %v", keys, err)
	}
	if logs.Len() != 0 {
		t.Fatalf("a 0600 file was warned about: %s", logs.String())
	}
	writeKeys(t, path, "alpha-key\n", 0o644)
	if _, err := readKeysFile(path, logger); err != nil || !strings.Contains(logs.String(), "readable by every user") ||
		strings.Contains(logs.String(), "alpha-key") {
		t.Fatalf("a world-readable file: %v; log %q", err, logs.String())
	}
	for content, want := range map[string]string{
		"ok-key\nsecret-one secret-two\n": "line 2: a key cannot contain white space",
		"ok-key # mine\n":                 "line 1",
		"# only comments\n\n":             "holds no key",
		"":                                "holds no key",
	} {
		writeKeys(t, path, content, 0o600)
		_, err := readKeysFile(path, logger)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), path) {
			t.Errorf("%q: %v, want an error naming the file and %q", content, err, want)
		}
		for _, secret := range []string{"secret-one", "ok-key", "mine"} {
			if err != nil && strings.Contains(err.Error(), secret) {
				t.Errorf("the error quotes %q: %v", secret, err)
			}
		}
	}
	if _, err := readKeysFile(filepath.Join(t.TempDir(), "missing"), logger); err == nil || !strings.Contains(err.Error(), "API keys file") {
		t.Errorf("a missing file: %v", err)
	}
	writeKeys(t, path, strings.Repeat("k", maxKeysFileBytes+10), 0o600)
	if _, err := readKeysFile(path, logger); err == nil || !strings.Contains(err.Error(), "right file") {
		t.Errorf("an oversized file: %v", err)
	}
}

func TestKeysReloadKeepsOldKeysOnABadFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "keys")
	writeKeys(t, path, "file-key-1\n", 0o600)
	var logs bytes.Buffer
	src := keySource{static: []string{"static-key"}, file: path, log: slog.New(slog.NewTextHandler(&logs, nil))}
	all, err := src.load()
	if err != nil {
		t.Fatal(err)
	}
	keys, err := server.NewKeys(all)
	if err != nil {
		t.Fatal(err)
	}
	hup := make(chan os.Signal)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); src.watchReloads(ctx, hup, keys) }()

	writeKeys(t, path, "file-key-2\nfile-key-3\n", 0o600)
	hup <- os.Interrupt // any signal value: the channel is the trigger
	for deadline := time.Now().Add(5 * time.Second); keys.Len() != 3; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d keys after a good reload, want 3", keys.Len())
		}
	}
	writeKeys(t, path, "broken key-with-space\n", 0o600)
	hup <- os.Interrupt
	cancel()
	<-done
	if keys.Len() != 3 { // static-key, file-key-2, file-key-3
		t.Fatalf("%d keys after a good then a bad reload, want 3", keys.Len())
	}
	log := logs.String()
	if !strings.Contains(log, "API keys reloaded") || !strings.Contains(log, "old keys stay") || !strings.Contains(log, "line 1") {
		t.Fatalf("the log does not say what happened: %s", log)
	}
	for _, k := range []string{"file-key", "static-key", "broken", "key-with-space"} {
		if strings.Contains(log, k) {
			t.Fatalf("the log holds a key (%s): %s", k, log)
		}
	}
	if err := (keySource{static: []string{"k"}}).reload(keys); err == nil {
		t.Fatal("a reload without a keys file claimed to work")
	}
}

func TestPollerHealth(t *testing.T) {
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	h := newPollerHealth(func() time.Time { return now }, false)
	if err := h.check(context.Background()); err != nil {
		t.Fatalf("just started: %v", err)
	}
	now = now.Add(pollerStaleAfter + time.Minute)
	if err := h.check(context.Background()); err == nil || !strings.Contains(err.Error(), "no feed polling pass has finished") {
		t.Fatalf("no pass after %s: %v", pollerStaleAfter, err)
	}
	h.passed(feeds.Pass{Finished: now})
	if err := h.check(context.Background()); err != nil {
		t.Fatalf("right after a pass: %v", err)
	}
	now = now.Add(pollerStaleAfter + time.Second)
	if err := h.check(context.Background()); err == nil || !strings.Contains(err.Error(), "last feed polling pass finished 15m1s ago") {
		t.Fatalf("a stale pass: %v", err)
	}
	// A long pass that keeps storing feeds (a per-feed deadline bounds
	// each) is moving: the service stays ready.
	h.progressed(feeds.Outcome{})
	if err := h.check(context.Background()); err != nil {
		t.Fatalf("a pass still storing feeds: %v", err)
	}
}

func TestPollerHealthOfAReplicaThatDoesNotLead(t *testing.T) {
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	h := newPollerHealth(func() time.Time { return now }, true)
	now = now.Add(3 * pollerStaleAfter)
	if err := h.check(context.Background()); err != nil {
		t.Fatalf("a replica waiting for the lead is not stuck: %v", err)
	}
	h.lead(true) // it takes over: the same grace as a fresh start
	if err := h.check(context.Background()); err != nil {
		t.Fatalf("just took the lead: %v", err)
	}
	now = now.Add(pollerStaleAfter + time.Minute)
	if err := h.check(context.Background()); err == nil {
		t.Fatal("a leader that finished no pass in 16 minutes was called ready")
	}
	h.lead(false)
	if err := h.check(context.Background()); err != nil {
		t.Fatalf("after losing the lead: %v", err)
	}
}

func TestFeedPassMetrics(t *testing.T) {
	p := feedPassMetrics(feeds.Pass{Summary: feeds.Summary{Feeds: 10, NotModified: 3, Failed: 2, New: 7, Updated: 1, Pruned: 4}})
	if p.OK != 5 || p.NotModified != 3 || p.Failed != 2 || p.NewArticles != 7 || p.Updated != 1 || p.Pruned != 4 {
		t.Fatalf("%+v", p)
	}
}
