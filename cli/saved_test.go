package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tidings/model"
	"tidings/state"
)

// runSplit runs the command line with its standard output and standard
// error apart.
func runSplit(t *testing.T, getenv func(string) string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errOut bytes.Buffer
	cmd := newRootCommand(getenv, &errOut)
	cmd.SetArgs(args)
	cmd.SetOut(&out)
	cmd.SetErr(&errOut)
	err = cmd.Execute()
	return out.String(), errOut.String(), err
}

// withState opens the test's state file, lets fill change it, and closes
// it, as a reader that saved and quit would.
func withState(t *testing.T, fill func(st *state.Store)) {
	t.Helper()
	path, err := state.DefaultPath()
	if err != nil {
		t.Fatal(err)
	}
	st, err := state.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	fill(st)
}

func TestSavedExportWritesJSONOrMarkdown(t *testing.T) {
	freshHome(t)
	at := time.Date(2026, 11, 20, 8, 0, 0, 0, time.UTC)
	withState(t, func(st *state.Store) {
		for i, title := range []string{"Older \x1b[31mred\x1b[0m", "Newer"} {
			a := model.Article{Title: title, URL: "https://news.example/" + title[:5], Source: model.SourceRef{Name: "Example"}}
			if err := st.Save(t.Context(), a, at.Add(time.Duration(i)*time.Hour)); err != nil {
				t.Fatal(err)
			}
		}
	})

	out, _, err := runSplit(t, noEnv, "saved", "export")
	if err != nil {
		t.Fatal(err)
	}
	var got []struct {
		Title string `json:"title"`
		Key   string `json:"key"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("default output is not JSON: %v\n%s", err, out)
	}
	if len(got) != 2 || got[0].Title != "Newer" || strings.Contains(got[1].Title, "\x1b") {
		t.Errorf("exported %+v; want both, newest saved first, without escape sequences", got)
	}

	file := filepath.Join(t.TempDir(), "saved.md")
	out, errOut, err := runSplit(t, noEnv, "saved", "export", "--format", "markdown", "-o", file)
	if err != nil || out != "" || !strings.Contains(errOut, "wrote 2 saved articles to "+file) {
		t.Fatalf("export -o: stdout %q stderr %q, %v", out, errOut, err)
	}
	data, err := os.ReadFile(file)
	if err != nil || !strings.Contains(string(data), "## [Newer](<https://news.example/Newer>)") {
		t.Fatalf("markdown file: %v\n%s", err, data)
	}
	if info, _ := os.Stat(file); info.Mode().Perm() != 0o600 {
		t.Errorf("export file mode %v, want 0600", info.Mode().Perm())
	}
}

func TestSavedExportWithNothingSavedIsAnEmptyList(t *testing.T) {
	freshHome(t)
	out, _, err := runSplit(t, noEnv, "saved", "export")
	if err != nil || strings.TrimSpace(out) != "[]" {
		t.Fatalf("export = %q, %v; want []", out, err)
	}
}

func TestSavedExportBadFormatNamesTheAllowedOnes(t *testing.T) {
	freshHome(t)
	_, _, err := runSplit(t, noEnv, "saved", "export", "--format", "csv")
	if err == nil || !strings.Contains(err.Error(), "json, markdown") || exitStatus(err) != 2 {
		t.Fatalf("error = %v (status %d); want status 2 naming json, markdown", err, exitStatus(err))
	}
}
