package cli

import (
	"bytes"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

func vcsInfo(version string, settings ...string) *debug.BuildInfo {
	info := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "tidings", Version: version}}
	for i := 0; i+1 < len(settings); i += 2 {
		info.Settings = append(info.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
	}
	return info
}

func TestReadBuild(t *testing.T) {
	const rev = "6e02012abcdef0123456789abcdef0123456789a"
	platform := runtime.GOOS + "/" + runtime.GOARCH
	cases := []struct {
		name       string
		info       *debug.BuildInfo
		link, lrev string
		want       string
		wantShort  string
	}{
		{"a tagged release", vcsInfo("v1.2.3", "vcs.revision", rev, "vcs.time", "2026-11-25T09:51:00Z", "vcs.modified", "false"), "", "",
			"v1.2.3 (revision 6e02012abcde, 2026-11-25T09:51:00Z; go1.26.8 " + platform + ")", "v1.2.3"},
		{"a modified tree", vcsInfo("v0.0.0-20261125095100-6e02012abcde+dirty", "vcs.revision", rev, "vcs.time", "2026-11-25T09:51:00Z", "vcs.modified", "true"), "", "",
			"v0.0.0-20261125095100-6e02012abcde+dirty (revision 6e02012abcde, modified, 2026-11-25T09:51:00Z; go1.26.8 " + platform + ")",
			"v0.0.0-20261125095100-6e02012abcde+dirty"},
		{"no VCS information (go run, a test)", vcsInfo("(devel)"), "", "",
			"dev (go1.26.8 " + platform + ")", "dev"},
		{"no build info at all", nil, "", "",
			"dev (" + runtime.Version() + " " + platform + ")", "dev"},
		{"link-time values win (a container build)", vcsInfo("(devel)", "vcs.revision", "old", "vcs.modified", "true"), "v1.3.0", rev,
			"v1.3.0 (revision 6e02012abcde; go1.26.8 " + platform + ")", "v1.3.0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := readBuild(c.info, c.link, c.lrev)
			if got := b.String(); got != c.want {
				t.Errorf("line = %q\n want %q", got, c.want)
			}
			if b.Version != c.wantShort {
				t.Errorf("version = %q, want %q", b.Version, c.wantShort)
			}
		})
	}
}

func TestVersionCommandPrintsTheBuild(t *testing.T) {
	var out bytes.Buffer
	cmd := newVersionCommand()
	cmd.SetOut(&out)
	cmd.SetArgs(nil)
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	// A test binary has no VCS stamp: the version is "dev" or the module's.
	line := strings.TrimSpace(out.String())
	if want := "tidings " + versionLine(); line != want {
		t.Errorf("tidings version printed %q, want %q", line, want)
	}
	if !regexp.MustCompile(`^tidings \S+ \(.*go1\.\d+.* \w+/\w+\)$`).MatchString(line) {
		t.Errorf("tidings version printed %q: want the version, then the toolchain and platform", line)
	}
}

func TestVersionCommandTakesNoArguments(t *testing.T) {
	cmd := newVersionCommand()
	cmd.SetArgs([]string{"extra"})
	cmd.SetOut(&bytes.Buffer{})
	cmd.SetErr(&bytes.Buffer{})
	if err := cmd.Execute(); err == nil || statusOf(err) != 2 {
		t.Fatalf("tidings version extra: %v (status %d), want a usage error", err, statusOf(err))
	}
}
