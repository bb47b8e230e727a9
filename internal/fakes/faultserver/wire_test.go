package faultserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestLatencyDelaysThenAnswers(t *testing.T) {
	s := start(t)
	const delay = 80 * time.Millisecond
	s.Inject(Fault{Kind: Latency, Delay: delay})
	began := time.Now()
	r := get(t, s, "/tiny")
	if took := time.Since(began); took < delay {
		t.Errorf("answered after %v, want at least %v", took, delay)
	}
	if r.status != 200 || string(r.body) != tinyBody {
		t.Errorf("got %d %q, want the real answer", r.status, r.body)
	}
}

func TestLatencyLetsGoWhenTheClientGivesUp(t *testing.T) {
	s := start(t)
	s.Inject(Fault{Kind: Latency, Delay: time.Hour})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	if _, err := getCtx(ctx, s, "/tiny"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the client's deadline", err)
	}
	waitFor(t, "the delayed handler to return", func() bool { return s.InFlight() == 0 })
}

func TestTruncatedBodyPromisesMoreThanItSends(t *testing.T) {
	s := start(t)
	s.Inject(Fault{Kind: TruncatedBody})
	resp, err := freshClient().Get(s.URL() + "/articles")
	if err != nil {
		t.Fatalf("the status line and headers must arrive: %v", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("status %d, read error %v; want 200 then unexpected EOF", resp.StatusCode, err)
	}
	if int64(len(body)) >= resp.ContentLength || len(body) == 0 || json.Valid(body) {
		t.Errorf("read %d of %d announced bytes, want a non-empty part that is not valid JSON", len(body), resp.ContentLength)
	}
}

func TestConnectionResetIsATCPReset(t *testing.T) {
	s := start(t)
	s.Inject(Fault{Kind: ConnectionReset})
	_, err := freshClient().Get(s.URL() + "/articles")
	// Linux reports the RST as ECONNRESET; other stacks may see an EOF.
	reset := errors.Is(err, syscall.ECONNRESET) || (runtime.GOOS != "linux" && errors.Is(err, io.EOF))
	if !reset {
		t.Fatalf("err = %v, want connection reset by peer", err)
	}
	if s.Requests() != 1 {
		t.Errorf("Requests = %d, want 1 (fresh connections are not retried)", s.Requests())
	}
}

func TestSlowDripSendsOneByteAtATime(t *testing.T) {
	s := start(t)
	const interval = 4 * time.Millisecond
	s.Inject(Fault{Kind: SlowDrip, Delay: interval})
	began := time.Now()
	resp, err := freshClient().Get(s.URL() + "/tiny")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if headers := time.Since(began); headers > interval*time.Duration(len(tinyBody))/2 {
		t.Errorf("headers took %v, want them at once", headers)
	}
	var got bytes.Buffer
	buf := make([]byte, 64)
	reads := 0
	for {
		n, err := resp.Body.Read(buf)
		got.Write(buf[:n])
		if n > 0 {
			reads++
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if got.String() != tinyBody {
		t.Errorf("body = %q, want %q", got.String(), tinyBody)
	}
	// Every byte waits its turn, so the body cannot come faster than this,
	// and most reads return a single byte.
	if took, least := time.Since(began), interval*time.Duration(len(tinyBody)); took < least {
		t.Errorf("body took %v, want at least %v", took, least)
	}
	if reads < len(tinyBody)/2 {
		t.Errorf("%d reads for %d bytes, want the body to trickle", reads, len(tinyBody))
	}
}

func TestSlowDripStopsWhenTheClientLeaves(t *testing.T) {
	s := start(t)
	s.Inject(Fault{Kind: SlowDrip, Delay: 5 * time.Millisecond})
	ctx, cancel := context.WithCancel(context.Background())
	resp, err := getCtx(ctx, s, "/articles")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.ReadFull(resp.Body, make([]byte, 3)); err != nil {
		t.Fatal(err)
	}
	cancel()
	resp.Body.Close()
	waitFor(t, "the drip to stop", func() bool { return s.InFlight() == 0 })
}

func TestHangEndsWithTheClientsContext(t *testing.T) {
	s := start(t)
	s.Inject(Fault{Kind: Hang})
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Millisecond)
	defer cancel()
	began := time.Now()
	_, err := getCtx(ctx, s, "/articles")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the client's deadline", err)
	}
	if took := time.Since(began); took < 40*time.Millisecond {
		t.Errorf("gave up after %v: the server answered instead of hanging", took)
	}
	waitFor(t, "the hung handler to return", func() bool { return s.InFlight() == 0 })
}

func TestRedirectLoopNeverEnds(t *testing.T) {
	s := start(t)
	s.Inject(Fault{Kind: RedirectLoop})
	_, err := freshClient().Get(s.URL() + "/articles?q=x")
	if err == nil || !strings.Contains(err.Error(), "redirects") {
		t.Fatalf("err = %v, want net/http to stop after too many redirects", err)
	}
	h := s.History()
	if len(h) != 10 || h[9].Path != "/v2/articles" || h[9].Query.Get("q") != "x" {
		t.Errorf("%d requests, last %+v; want 10 hops to the same URL", len(h), h[len(h)-1])
	}
}

func TestOversizedBodyIsValidJSONOfExactlyTheSize(t *testing.T) {
	for _, size := range []int64{1, 200, 100_000} {
		s := start(t)
		s.Inject(Fault{Kind: OversizedBody, Size: size, DeclareLength: true})
		r := get(t, s, "/articles")
		want := max(size, int64(len(oversizedPrefix)+len(oversizedSuffix)))
		if int64(len(r.body)) != want || !json.Valid(r.body) || r.header.Get("Content-Type") != "application/json" {
			t.Errorf("size %d: got %d bytes, valid JSON %v; want %d valid bytes", size, len(r.body), json.Valid(r.body), want)
		}
	}
}

func TestOversizedBodyIsStreamed(t *testing.T) {
	s := start(t)
	const size = 24 << 20 // three times the client's 8 MiB cap
	s.Inject(Fault{Kind: OversizedBody, Size: size})
	resp, err := freshClient().Get(s.URL() + "/articles")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.ContentLength != -1 {
		t.Errorf("Content-Length %d, want none (chunked) unless DeclareLength", resp.ContentLength)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	n, err := io.Copy(io.Discard, resp.Body)
	runtime.ReadMemStats(&after)
	if err != nil || n != size {
		t.Fatalf("read %d bytes (%v), want %d", n, err, size)
	}
	// Both ends run in this process: had either side built the body, the
	// allocations would be at least its size.
	grew := after.TotalAlloc - before.TotalAlloc
	t.Logf("allocated %d KiB while streaming %d MiB", grew>>10, n>>20)
	if grew > 2<<20 {
		t.Errorf("allocated %d bytes while %d streamed, want memory to stay flat", grew, n)
	}
}

func TestOversizedBodyStopsWhenTheClientHangsUp(t *testing.T) {
	s := start(t)
	s.Inject(Fault{Kind: OversizedBody, Size: 1 << 40}) // a terabyte: only stopping ends it
	resp, err := freshClient().Get(s.URL() + "/articles")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.CopyN(io.Discard, resp.Body, 9<<20); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	waitFor(t, "the oversized writer to stop", func() bool { return s.InFlight() == 0 })
}

func TestDeclaredOversizedLengthLetsTheClientRefuseEarly(t *testing.T) {
	s := start(t)
	s.Inject(Fault{Kind: OversizedBody, Size: 1 << 40, DeclareLength: true})
	resp, err := freshClient().Get(s.URL() + "/articles")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close() // refusing unread, as a capped client does
	if resp.ContentLength != 1<<40 {
		t.Errorf("Content-Length %d, want %d", resp.ContentLength, int64(1<<40))
	}
	waitFor(t, "the oversized writer to stop", func() bool { return s.InFlight() == 0 })
}
