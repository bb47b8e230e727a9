package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// Server limits: generous for the service's small GET requests, tight
// enough that a slow or hostile client cannot hold a connection or memory.
const (
	ReadHeaderTimeout = 5 * time.Second
	ReadTimeout       = 10 * time.Second
	WriteTimeout      = 30 * time.Second
	IdleTimeout       = 2 * time.Minute
	// MaxHeaderBytes bounds the request line and headers together; a q of
	// 500 percent-encoded runes fits many times over.
	MaxHeaderBytes = 64 << 10
	// DefaultShutdownTimeout is how long Run waits for requests in flight.
	DefaultShutdownTimeout = 10 * time.Second
)

// RunOptions configures Run.
type RunOptions struct {
	// Addr is the address to listen on, like ":8080" or "127.0.0.1:0".
	Addr string
	// Listener, if set, is served instead of listening on Addr: a caller
	// that binds its port before anything else can fail early with no
	// side effects. Run closes it.
	Listener net.Listener
	// Handler serves the requests (usually from New).
	Handler http.Handler
	// Logger receives start, stop and server errors; nil discards them.
	Logger *slog.Logger
	// ShutdownTimeout bounds the graceful shutdown; 0 means
	// DefaultShutdownTimeout.
	ShutdownTimeout time.Duration
	// OnListen, if set, is called with the bound address once the server
	// accepts connections (useful with port 0).
	OnListen func(net.Addr)
}

// NewHTTPServer returns an http.Server for h with the package's timeouts
// and header limit.
func NewHTTPServer(h http.Handler, logger *slog.Logger) *http.Server {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: ReadHeaderTimeout,
		ReadTimeout:       ReadTimeout,
		WriteTimeout:      WriteTimeout,
		IdleTimeout:       IdleTimeout,
		MaxHeaderBytes:    MaxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
}

// Run listens on opts.Addr and serves until ctx is cancelled, then shuts
// down gracefully: it stops accepting, lets requests in flight finish
// (within ShutdownTimeout) and returns nil. A failure to listen or serve is
// returned as an error.
func Run(ctx context.Context, opts RunOptions) error {
	if opts.Handler == nil {
		return errors.New("server: a handler is required")
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	ln := opts.Listener
	if ln == nil {
		var err error
		if ln, err = net.Listen("tcp", opts.Addr); err != nil {
			return fmt.Errorf("listen on %s: %w", opts.Addr, err)
		}
	}
	srv := NewHTTPServer(opts.Handler, log)
	log.Info("listening", "addr", ln.Addr().String())
	if opts.OnListen != nil {
		opts.OnListen(ln.Addr())
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	timeout := opts.ShutdownTimeout
	if timeout <= 0 {
		timeout = DefaultShutdownTimeout
	}
	log.Info("shutting down", "timeout", timeout)
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), timeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		srv.Close()
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-served; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	log.Info("stopped")
	return nil
}

// Start serves h on addr in the background ("" means 127.0.0.1:0, a free
// loopback port) and returns the service's base URL, like
// "http://127.0.0.1:PORT/v2", and a stop function that shuts it down
// gracefully. Cancelling ctx stops it too. The reader's demo mode uses it.
func Start(ctx context.Context, addr string, h http.Handler) (baseURL string, stop func(context.Context) error, err error) {
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", nil, fmt.Errorf("listen on %s: %w", addr, err)
	}
	srv := NewHTTPServer(h, nil)
	go srv.Serve(ln) //nolint:errcheck // returns ErrServerClosed on stop
	stopCtx, cancelWatch := context.WithCancel(ctx)
	go func() {
		<-stopCtx.Done()
		if ctx.Err() != nil { // the caller's context ended: stop now
			sctx, cancel := context.WithTimeout(context.Background(), DefaultShutdownTimeout)
			defer cancel()
			srv.Shutdown(sctx)
		}
	}()
	stop = func(sctx context.Context) error {
		cancelWatch()
		if err := srv.Shutdown(sctx); err != nil {
			srv.Close()
			return fmt.Errorf("stop server: %w", err)
		}
		return nil
	}
	return "http://" + loopbackAddr(ln.Addr()) + "/v2", stop, nil
}

// loopbackAddr is a dialable form of a listener's address: a wildcard host
// (0.0.0.0, ::) becomes 127.0.0.1.
func loopbackAddr(a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if !ok {
		return a.String()
	}
	host := tcp.IP.String()
	if tcp.IP == nil || tcp.IP.IsUnspecified() {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, fmt.Sprint(tcp.Port))
}
