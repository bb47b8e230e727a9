package state

import (
	"context"
	"path/filepath"
	"testing"
)

func TestPreferencesOutliveTheSession(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.db")
	ctx := context.Background()
	st, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := st.Preference(ctx, PrefCollapseStories); err != nil || v != "" {
		t.Fatalf("unset preference = %q, %v; want empty", v, err)
	}
	if err := st.SetPreference(ctx, PrefCollapseStories, "on"); err != nil {
		t.Fatal(err)
	}
	if err := st.SetPreference(ctx, PrefCollapseStories, "off"); err != nil {
		t.Fatal(err)
	}
	st.Close()

	st, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if v, err := st.Preference(ctx, PrefCollapseStories); err != nil || v != "off" {
		t.Fatalf("after reopening = %q, %v; want the last value, off", v, err)
	}
	if err := st.SetPreference(ctx, "", "x"); err == nil {
		t.Fatal("an empty preference name was accepted")
	}
}
