//go:build !linux

package redistest

import "os/exec"

// setParentDeathSignal does nothing where the kernel cannot tie the
// server's life to the test binary's; t.Cleanup still stops it.
func setParentDeathSignal(*exec.Cmd) {}
