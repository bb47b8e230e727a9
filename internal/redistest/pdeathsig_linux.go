package redistest

import (
	"os/exec"
	"syscall"
)

// setParentDeathSignal kills the server when the test binary dies, so a
// crashed or killed test run leaves no redis-server behind.
func setParentDeathSignal(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
