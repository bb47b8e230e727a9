package cli

import "runtime/debug"

// version is set at link time (-ldflags "-X tidings/cli.version=v1.2.3"); a build
// from a module download falls back to the module version.
var version = ""

func appVersion() string {
	if version != "" {
		return version
	}
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		return info.Main.Version
	}
	return "dev"
}
