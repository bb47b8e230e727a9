package api

import (
	"encoding/json"
	"testing"
)

// FuzzUnquoteJSON checks unquoteJSON against encoding/json on every string
// literal encoding/json accepts, as UnmarshalJSON receives them (no
// surrounding whitespace).
func FuzzUnquoteJSON(f *testing.F) {
	for _, s := range []string{`""`, `"plain"`, `"esc\"aped\n\t\\\/"`, `"\u00e9"`, `"\ud83d\ude00"`,
		`"\ud83d"`, `"\ud83dx"`, `"\ude00\ud83d"`, `"\ud83d\u0041"`, "\"\xff\xfe\"", `"caf\u00E9 \u2014 ok"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, lit []byte) {
		var want string
		if json.Unmarshal(lit, &want) != nil || len(lit) < 2 || lit[0] != '"' || lit[len(lit)-1] != '"' {
			return
		}
		got, ok := unquoteJSON(lit)
		if !ok || got != want {
			t.Fatalf("unquoteJSON(%q) = %q, %v; encoding/json says %q", lit, got, ok, want)
		}
	})
}
