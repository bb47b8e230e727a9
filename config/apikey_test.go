package config

import (
	"context"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"tidings/cmdline"
)

// helperArg makes the test binary act as an api_key_command (TestMain).
const helperArg = "__tidings_apikey_helper"

// helperKey is the secret the helper prints.
const helperKey = "k3y-9f8e7d6c5b4a"

// apiKeyHelper is the test binary run as a key command; args[0] says how
// it behaves. It returns the exit status.
func apiKeyHelper(args []string) int {
	switch args[0] {
	case "print": // like pass: the key, then other lines
		fmt.Print(helperKey + "\nlogin: me\nurl: news.example.com\n")
	case "args": // the words it got, one per line after the key
		fmt.Println(helperKey)
		fmt.Print(strings.Join(args[1:], "\n"))
	case "crlf":
		fmt.Print("  " + helperKey + "\r\n")
	case "fail": // prints the key, then fails mentioning it on stderr
		fmt.Println(helperKey)
		fmt.Fprintln(os.Stderr, "gpg: decryption failed for "+helperKey+": no secret key")
		return 2
	case "empty":
		fmt.Print("\nsecond line only\n")
	case "silent":
	case "sleep":
		fmt.Println(helperKey)
		time.Sleep(time.Minute)
	case "flood":
		fmt.Print(strings.Repeat("x", maxKeyOutput+1))
	}
	return 0
}

// helperCommand is an api_key_command running the helper; the binary's
// path is quoted, as it may hold spaces.
func helperCommand(mode string, extra ...string) string {
	return strings.Join(append([]string{quoteWord(os.Args[0]), helperArg, mode}, extra...), " ")
}

func quoteWord(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

func TestAPIKey(t *testing.T) {
	for _, mode := range []string{"print", "crlf"} {
		key, err := Service{APIKeyCommand: helperCommand(mode)}.APIKey(context.Background())
		if err != nil || key != helperKey {
			t.Errorf("%s: APIKey = %q, %v; want the key", mode, key, err)
		}
	}
}

func TestAPIKeyArguments(t *testing.T) {
	cmd := helperCommand("args", `"two words"`, `'single $quoted'`, `back\ slash`, `"esc\"aped"`, `''`)
	s := Service{APIKeyCommand: cmd}
	// The helper prints the key then its arguments: read them via the
	// words cmdline.Split makes, as the command got exactly those.
	words, err := cmdline.Split(cmd)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"two words", "single $quoted", "back slash", `esc"aped`, ""}
	if !reflect.DeepEqual(words[3:], want) {
		t.Errorf("words %q, want %q", words[3:], want)
	}
	if key, err := s.APIKey(context.Background()); err != nil || key != helperKey {
		t.Errorf("APIKey = %q, %v", key, err)
	}
}

func TestAPIKeyErrors(t *testing.T) {
	tests := []struct {
		name, cmd string
		ctx       func() (context.Context, context.CancelFunc)
		want      []string
	}{
		{name: "exit status", cmd: helperCommand("fail"),
			want: []string{"failed (exit status 2)", "gpg: decryption failed for [redacted]: no secret key"}},
		{name: "empty first line", cmd: helperCommand("empty"), want: []string{"printed no key"}},
		{name: "no output", cmd: helperCommand("silent"), want: []string{"printed no key"}},
		{name: "too much", cmd: helperCommand("flood"), want: []string{"more than"}},
		{name: "not found", cmd: "tidings-no-such-program-here show news", want: []string{`program "tidings-no-such-program-here" not found`}},
		{name: "not executable", cmd: quoteWord(os.TempDir()), want: []string{"could not run"}},
		{name: "deadline", cmd: helperCommand("sleep"),
			ctx: func() (context.Context, context.CancelFunc) {
				return context.WithTimeout(context.Background(), 200*time.Millisecond)
			},
			want: []string{"did not finish in time"}},
		{name: "shell syntax", cmd: "pass show news > key.txt", want: []string{"shell syntax '>'"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.Background(), context.CancelFunc(func() {})
			if tc.ctx != nil {
				ctx, cancel = tc.ctx()
			}
			defer cancel()
			// The messages prove what ended each command ("did not
			// finish in time" for the deadline); how long it took is not
			// asserted, and a hang hits go test's -timeout.
			key, err := Service{APIKeyCommand: tc.cmd}.APIKey(ctx)
			if err == nil || key != "" {
				t.Fatalf("APIKey = %q, %v; want an error", key, err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			if strings.Contains(err.Error(), helperKey) || strings.Contains(err.Error(), "login: me") {
				t.Errorf("the error shows the command's output: %q", err)
			}
		})
	}
	if _, err := (Service{}).APIKey(context.Background()); !errors.Is(err, ErrNoAPIKeyCommand) {
		t.Errorf("no command: %v", err)
	}
}
