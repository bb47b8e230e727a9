package main

import (
	"bufio"
	"strings"
	"testing"
)

// A control client's stream: the reply to the attach itself (flags 0),
// notifications, then the reply to our capture (flags 1), which is all
// reply() returns; an %error reply is an error.
func TestReplySkipsTheAttachReplyAndNotifications(t *testing.T) {
	stream := "%begin 1795378630 264 0\n%end 1795378630 264 0\n%session-changed $0 S\n" +
		"%output %0 \\033[1mhello\n%begin 1795378630 269 1\n tidings  Headlines\n\n loaded 20 of 259\n%end 1795378630 269 1\n" +
		"%begin 1795378630 270 1\ncan't find pane: %9\n%error 1795378630 270 1\n"
	w := &paneWatcher{out: bufio.NewReader(strings.NewReader(stream))}
	got, err := w.reply()
	if err != nil {
		t.Fatal(err)
	}
	if want := " tidings  Headlines\n\n loaded 20 of 259\n"; got != want {
		t.Fatalf("reply %q, want %q", got, want)
	}
	if _, err := w.reply(); err == nil || !strings.Contains(err.Error(), "can't find pane") {
		t.Fatalf("error reply gave %v", err)
	}
	if _, err := w.reply(); err == nil {
		t.Fatal("end of stream gave no error")
	}
}
