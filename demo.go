package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"tidings/server"
	"tidings/server/demo"
	"tidings/server/store"
)

// demoService is the news service running in-process for demo mode.
type demoService struct {
	baseURL string
	apiKey  string
	stop    func()
}

// startDemo binds a loopback port at once and loads the demo catalogue in
// the background, so the reader's first frame is never held up by it: a
// request that arrives before the catalogue is ready waits in the listen
// backlog and is answered as soon as it is.
func startDemo(ctx context.Context) (*demoService, error) {
	key, err := randomKey()
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("listen on loopback: %w", err)
	}
	srv := &http.Server{ReadHeaderTimeout: 5 * time.Second, IdleTimeout: time.Minute}
	ready := make(chan struct{})
	go func() {
		defer close(ready)
		h, err := demoHandler(ctx, key)
		if err != nil {
			h = unavailable(err)
		}
		srv.Handler = h
		_ = srv.Serve(ln) // returns http.ErrServerClosed on stop
	}()
	stop := func() {
		shutdown, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
		ln.Close()
	}
	return &demoService{baseURL: "http://" + ln.Addr().String() + "/v2", apiKey: key, stop: stop}, nil
}

func demoHandler(ctx context.Context, key string) (http.Handler, error) {
	st, err := store.Open("")
	if err != nil {
		return nil, fmt.Errorf("open the demo store: %w", err)
	}
	sources, articles := demo.Catalogue(time.Now())
	if err := st.Add(ctx, sources, articles); err != nil {
		return nil, fmt.Errorf("load the demo catalogue: %w", err)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil)) // the terminal belongs to the UI
	return server.New(st, server.Config{APIKeys: []string{key}, Logger: quiet})
}

// unavailable answers every request with the reason the demo could not
// start, so the reader shows it instead of hanging.
func unavailable(err error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintf(w, `{"status":503,"code":"DEMO_UNAVAILABLE","message":%q}`, err.Error())
	})
}

func randomKey() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("make a demo API key: %w", err)
	}
	return hex.EncodeToString(b), nil
}
