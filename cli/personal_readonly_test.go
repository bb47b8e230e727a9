package cli

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adrg/xdg"

	"tidings/api"
	"tidings/internal/fakes/feedserver"
	"tidings/model"
)

// roChildEnv names, in a child test process, the data directory whose
// catalogue was made read-only for it.
const roChildEnv = "TIDINGS_TEST_RO_DATA_HOME"

// A catalogue the reader cannot write (read-only folder and file) opens
// read-only: the reader reads it, polls nothing, and says so in the
// status line, instead of failing with "attempt to write a readonly
// database". As root, chmod does not stop writes, so the test runs
// itself again under `unshare -m` with the data folder bind-mounted
// read-only (skipped only when that is not possible).
func TestReadOnlyCatalogueIsReadNotPolled(t *testing.T) {
	if dataHome := os.Getenv(roChildEnv); dataHome != "" {
		os.Setenv("XDG_DATA_HOME", dataHome)
		xdg.Reload()
		checkReadOnlyPersonal(t)
		return
	}
	srv := feedserver.Start()
	defer srv.Close()
	path := defaultCataloguePath()
	t.Cleanup(func() { os.Remove(path) })
	if _, _, err := runOut(t, "feeds", "add", srv.URL("", "/fixtures/rss20.xml")); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(path)
	if os.Geteuid() != 0 {
		if err := os.Chmod(path, 0o400); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(dir, 0o500); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(dir, 0o700); os.Chmod(path, 0o600) })
		checkReadOnlyPersonal(t)
		return
	}
	if _, err := exec.LookPath("unshare"); err != nil {
		t.Skip("running as root without unshare: cannot make the catalogue read-only")
	}
	cmd := exec.Command("unshare", "-m", "sh", "-c", `mount --bind -o ro "$1" "$1" && exec "$2" -test.run '^TestReadOnlyCatalogueIsReadNotPolled$' -test.v`,
		"sh", dir, os.Args[0])
	cmd.Env = append(os.Environ(), roChildEnv+"="+xdg.DataHome)
	out, err := cmd.CombinedOutput()
	if strings.Contains(string(out), "mount:") || strings.Contains(string(out), "unshare:") {
		t.Skipf("running as root and cannot bind-mount read-only: %s", out)
	}
	if err != nil || !strings.Contains(string(out), "--- PASS: TestReadOnlyCatalogueIsReadNotPolled") {
		t.Fatalf("on a read-only mount: %v\n%s", err, out)
	}
}

// checkReadOnlyPersonal starts the reader's service on the read-only
// catalogue and reads it.
func checkReadOnlyPersonal(t *testing.T) {
	t.Helper()
	if f, err := os.OpenFile(defaultCataloguePath(), os.O_WRONLY, 0); err == nil {
		f.Close()
		t.Fatal("the catalogue is writable: the test proves nothing")
	}
	svc := mustChoose(t, readerConfig{})
	if svc.demo || !strings.Contains(svc.hint, "Read-only") || svc.feeds != nil {
		t.Fatalf("read-only catalogue: %+v, want personal mode, no poller, a read-only hint", svc)
	}
	client, err := api.New(svc.baseURL, svc.apiKey)
	if err != nil {
		t.Fatal(err)
	}
	page, err := client.LatestHeadlines(context.Background(), model.HeadlinesQuery{})
	fx, _ := feedserver.FixtureByName("rss20.xml")
	if err != nil || page.TotalResults != fx.ItemCount {
		t.Fatalf("headlines of the read-only catalogue: %d, %v; want %d", page.TotalResults, err, fx.ItemCount)
	}
}
