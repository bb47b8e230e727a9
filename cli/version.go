package cli

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// version and revision may be set at link time, for builds that have no
// VCS information of their own (a container build, whose context leaves
// .git out):
//
//	go build -ldflags "-X tidings/cli.version=v1.2.3 -X tidings/cli.revision=$(git rev-parse HEAD)"
//
// Otherwise they come from the build info the go command records: the
// module version (a tag, or a pseudo-version of the commit) and the VCS
// revision, its time and whether the tree was modified.
var (
	version  = ""
	revision = ""
)

// buildInfo is what `tidings version` reports.
type buildInfo struct {
	Version  string // v1.2.3, a pseudo-version, or "dev"
	Revision string // the VCS commit, "" when unknown
	Time     string // the commit's time (RFC 3339), "" when unknown
	Modified bool   // the tree had uncommitted changes
	Go       string // the toolchain, go1.26.8
}

// currentBuild is this binary's build info.
func currentBuild() buildInfo {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		info = nil
	}
	return readBuild(info, version, revision)
}

// readBuild combines the go command's build info (nil when there is none)
// with the link-time overrides, which win: they are set on purpose.
func readBuild(info *debug.BuildInfo, linkVersion, linkRevision string) buildInfo {
	b := buildInfo{Version: "dev", Go: runtime.Version()}
	if info != nil {
		if v := info.Main.Version; v != "" && v != "(devel)" {
			b.Version = v
		}
		if info.GoVersion != "" {
			b.Go = info.GoVersion
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				b.Revision = s.Value
			case "vcs.time":
				b.Time = s.Value
			case "vcs.modified":
				b.Modified = s.Value == "true"
			}
		}
	}
	if linkVersion != "" {
		b.Version = linkVersion
	}
	if linkRevision != "" {
		b.Revision, b.Time, b.Modified = linkRevision, "", false
	}
	return b
}

// String is the one line `tidings version` and `tidings --version` print
// after "tidings ": the version, then what is known of the commit and the
// toolchain, e.g. "v1.2.3 (revision 6e02012abcde, modified, 2026-11-25T09:51:00Z; go1.26.8 linux/amd64)".
func (b buildInfo) String() string {
	var parts []string
	if b.Revision != "" {
		parts = append(parts, "revision "+shortRevision(b.Revision))
		if b.Modified {
			parts = append(parts, "modified")
		}
		if b.Time != "" {
			parts = append(parts, b.Time)
		}
	}
	detail := strings.Join(parts, ", ")
	if detail != "" {
		detail += "; "
	}
	return fmt.Sprintf("%s (%s%s %s/%s)", b.Version, detail, b.Go, runtime.GOOS, runtime.GOARCH)
}

// shortRevision is a commit id cut to 12 characters, as git shows them;
// enough to find the commit, short enough to read.
func shortRevision(rev string) string {
	if len(rev) > 12 {
		return rev[:12]
	}
	return rev
}

// appVersion is the bare version, for User-Agent strings and the API
// client: v1.2.3, a pseudo-version, or "dev".
func appVersion() string { return currentBuild().Version }

// versionLine is what --version prints after "tidings ".
func versionLine() string { return currentBuild().String() }

// newVersionCommand is `tidings version`: the same line as --version.
func newVersionCommand() *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Example: "  tidings version\n  tidings --version",
		Short:   "Print the version, VCS revision and toolchain of this build",
		Args:    usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := fmt.Fprintf(cmd.OutOrStdout(), "tidings %s\n", versionLine())
			return err
		},
	}
}
