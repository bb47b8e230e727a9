package cmdline

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

func TestSplit(t *testing.T) {
	home, _ := os.UserHomeDir()
	valid := map[string][]string{
		"pass show news":                                  {"pass", "show", "news"},
		"  pass\tshow   news  ":                           {"pass", "show", "news"},
		`op read "op://Private/News API/key"`:             {"op", "read", "op://Private/News API/key"},
		`security find-generic-password -s 'news api' -w`: {"security", "find-generic-password", "-s", "news api", "-w"},
		`a\ b c`:                 {"a b", "c"},
		`"a\\b\"c\d"`:            {`a\b"c\d`},
		`'it''s'`:                {"its"},
		`x '' y`:                 {"x", "", "y"},
		`a"b"'c'd`:               {"abcd"},
		`~/bin/newskey --raw`:    {home + "/bin/newskey", "--raw"},
		`echo ~/x a~/b '~/c'`:    {"echo", home + "/x", "a~/b", "~/c"},
		`pass show 'a|b;c$d'`:    {"pass", "show", "a|b;c$d"},
		`pass show "a&b" \$HOME`: {"pass", "show", "a&b", "$HOME"},
	}
	for in, want := range valid {
		got, err := Split(in)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("Split(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	invalid := map[string]string{
		"":                    "empty command",
		"   ":                 "empty command",
		`pass 'show`:          "unterminated ' quote",
		`pass "show`:          `unterminated " quote`,
		`pass show\`:          `\ at the end`,
		"pass show news | x":  `'|'`,
		"pass show; rm x":     `';'`,
		"pass show $NAME":     `'$'`,
		"pass show `whoami`":  "'`'",
		"pass show news && x": `'&'`,
		"pass show < in":      `'<'`,
		"(pass)":              `'('`,
		"pass show\nnews":     "one line",
	}
	for in, want := range invalid {
		if got, err := Split(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Split(%q) = %q, %v; want an error with %q", in, got, err, want)
		}
	}
}
