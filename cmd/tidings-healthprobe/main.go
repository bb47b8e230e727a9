// Command tidings-healthprobe is the container's HEALTHCHECK: it asks the
// service in the same container for /healthz and exits 0 when the answer
// is 200, 1 otherwise, saying why on standard error. The final image is
// distroless and has no shell, curl or wget, so the probe is a program of
// its own, built beside tidings in the Dockerfile and installed there as
// /usr/local/bin/healthprobe.
//
// It reads the address from TIDINGS_LISTEN, as `tidings serve` does
// (default 127.0.0.1:8080), and always connects over loopback: an
// address of 0.0.0.0 or [::] means "every interface", which includes
// loopback. It must stay tiny and do nothing but this one request.
package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"time"
)

// timeout bounds the whole probe, well inside Docker's default 30 s.
const timeout = 3 * time.Second

func main() {
	if err := probe(os.Getenv("TIDINGS_LISTEN")); err != nil {
		fmt.Fprintln(os.Stderr, "healthprobe:", err)
		os.Exit(1)
	}
}

// probe asks http://<loopback>:<port>/healthz of the listen address.
func probe(listen string) error {
	url, err := healthURL(listen)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("GET %s: %w", url, err)
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", url, res.Status)
	}
	return nil
}

// healthURL is the loopback URL of /healthz for a listen address
// ("0.0.0.0:8080", ":8080", "127.0.0.1:9000", "[::]:8080").
func healthURL(listen string) (string, error) {
	if listen == "" {
		listen = "127.0.0.1:8080"
	}
	host, port, err := net.SplitHostPort(listen)
	if err != nil {
		return "", fmt.Errorf("TIDINGS_LISTEN=%q is not host:port: %w", listen, err)
	}
	switch ip := net.ParseIP(host); {
	case host == "" || (ip != nil && ip.IsUnspecified()):
		host = "127.0.0.1"
	case ip == nil:
		host = "localhost" // a name; the probe runs on the same host
	}
	return "http://" + net.JoinHostPort(host, port) + "/healthz", nil
}
