// Command tidings is a keyboard-driven terminal news reader and, as
// `tidings serve`, the news service it reads.
//
// With no service configured the reader starts that service in-process on
// loopback with a built-in demo catalogue, so `go run .` shows a working
// reader at once over the same HTTP code path as production. The commands
// live in package cli.
package main

import (
	"os"

	"tidings/cli"
)

func main() { os.Exit(cli.Main()) }
