package store

import "testing"

func TestReversedHost(t *testing.T) {
	for raw, want := range map[string]string{
		"https://www.Example.com/a":  "com.example.www",
		"https://news.bbc.co.uk./x":  "uk.co.bbc.news",
		"http://localhost:8080/page": "localhost",
		"not a url %zz":              "",
	} {
		if got := ReversedHost(raw); got != want {
			t.Errorf("ReversedHost(%q) = %q, want %q", raw, got, want)
		}
	}
}

// The preferred id's slot and the legacy popularity come from one hash.
func TestURLHashIsThePreferredSlot(t *testing.T) {
	u := "https://kiwi.example/1"
	if got, want := PreferredID(0, u), int64(URLHash(u)&slotMask); got != want {
		t.Errorf("PreferredID slot %d, URLHash slot %d", got, want)
	}
	if LegacyDerivedPopularity(u) != float64(URLHash(u)%10000) {
		t.Error("LegacyDerivedPopularity is not the hash modulo 10,000")
	}
}
