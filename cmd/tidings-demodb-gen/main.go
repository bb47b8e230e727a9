// Command tidings-demodb-gen writes the demo catalogue's store image
// (demodb.Build) to the file named by its argument; `go generate
// ./server/demodb` runs it, from that directory, to refresh demo.db.
package main

import (
	"context"
	"fmt"
	"os"

	"tidings/server/demodb"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: tidings-demodb-gen FILE")
		os.Exit(2)
	}
	if err := demodb.Build(context.Background(), os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "tidings-demodb-gen:", err)
		os.Exit(1)
	}
}
