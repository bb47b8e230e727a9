package cli

import (
	"os"
	"testing"
	"time"

	"tidings/model"
	"tidings/state"
	"tidings/ui/common"
)

// The reader's lazily opened state is the state file: what it saves is
// there after it closes, and its calls wait for the file to open.
func TestLazyStateIsTheStateFile(t *testing.T) {
	freshHome(t)
	l := openStateLazily()
	if l == nil || l.state() == nil {
		t.Fatal("no state with a state directory")
	}
	ctx := t.Context()
	a := model.Article{Title: "Kept", URL: "https://news.example/kept"}
	if err := l.Save(ctx, a, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := l.MarkRead(ctx, state.Key(a), time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := l.Notice(); err != nil {
		t.Fatalf("notice on a fresh file: %v", err)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}

	again := openStateLazily()
	defer again.Close()
	saved, err := again.Saved(ctx)
	if err != nil || len(saved) != 1 || saved[0].Title != "Kept" {
		t.Fatalf("after a restart: %+v, %v", saved, err)
	}
	read, err := again.ReadKeys(ctx)
	if err != nil || !read.Has(state.Key(a)) {
		t.Fatalf("read history after a restart: %v", err)
	}
}

// Nothing touches the disk before the UI's first call: the start-up path
// never waits for the state file.
func TestLazyStateOpensOnFirstUse(t *testing.T) {
	freshHome(t)
	path, err := state.DefaultPath()
	if err != nil {
		t.Fatal(err)
	}
	l := openStateLazily()
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("the state file exists before any use (%v)", err)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("closing an unused state created the file (%v)", err)
	}
	if _, err := l.Watches(t.Context()); err == nil {
		t.Fatal("a closed state opened the file")
	}
}

func TestNoLazyStateIsANilState(t *testing.T) {
	var l *lazyState
	if l.state() != nil || l.Close() != nil {
		t.Fatal("a nil lazyState must be a nil common.State and close quietly")
	}
}

// m on a read article makes it unread again, and the reader's state file
// keeps that choice: the UI reaches it through common.Unreader, which the
// lazily opened state must offer.
func TestLazyStateKeepsAnArticleMarkedUnread(t *testing.T) {
	freshHome(t)
	ctx := t.Context()
	a := model.Article{Title: "Read, then not", URL: "https://news.example/again"}
	l := openStateLazily()
	if err := l.MarkRead(ctx, state.Key(a), time.Now()); err != nil {
		t.Fatal(err)
	}
	var s common.State = l.state()
	unreader, ok := s.(common.Unreader)
	if !ok {
		t.Fatal("the reader's state cannot mark an article unread: m's choice would last only the session")
	}
	if err := unreader.MarkUnread(ctx, state.Key(a)); err != nil {
		t.Fatal(err)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	again := openStateLazily()
	defer again.Close()
	read, err := again.ReadKeys(ctx)
	if err != nil || read.Has(state.Key(a)) {
		t.Fatalf("after a restart the article is still read (err %v)", err)
	}
}
