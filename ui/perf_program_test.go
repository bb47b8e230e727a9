package ui

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	uv "github.com/charmbracelet/ultraviolet"

	"tidings/internal/benchcpu"
)

// frameWriter is the terminal of a real tea.Program: it counts the bytes
// written and signals every write.
type frameWriter struct {
	mu    sync.Mutex
	n     int
	last  time.Time
	wrote chan struct{}
}

func newFrameWriter() *frameWriter { return &frameWriter{wrote: make(chan struct{}, 1)} }

func (w *frameWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	w.n += len(p)
	w.last = time.Now()
	w.mu.Unlock()
	select {
	case w.wrote <- struct{}{}:
	default:
	}
	return len(p), nil
}

// reset zeroes the byte count and forgets earlier write signals.
func (w *frameWriter) reset() {
	w.mu.Lock()
	w.n = 0
	w.mu.Unlock()
	select {
	case <-w.wrote:
	default:
	}
}

func (w *frameWriter) bytes() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.n
}

// settle waits until something has been written and then nothing for
// quiet.
func (w *frameWriter) settle(tb testing.TB, quiet time.Duration) {
	tb.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		w.mu.Lock()
		last := w.last
		w.mu.Unlock()
		if !last.IsZero() && time.Since(last) >= quiet {
			return
		}
		time.Sleep(time.Millisecond)
	}
	tb.Fatal("the program never settled")
}

// waitWrite waits for the next write.
func (w *frameWriter) waitWrite(tb testing.TB) {
	tb.Helper()
	select {
	case <-w.wrote:
	case <-time.After(5 * time.Second):
		tb.Fatal("no frame was written after the key press")
	}
}

// loadedModel runs an already loaded App: its Init would start loading
// again.
type loadedModel struct{ *App }

func (m loadedModel) Init() tea.Cmd { return nil }

func (m loadedModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	_, cmd := m.App.Update(msg)
	return m, cmd
}

// runProgram runs app in a real tea.Program at 120×40, truecolor, the way
// main runs it, until the returned stop is called.
func runProgram(tb testing.TB, app *App, fps int) (*tea.Program, *frameWriter, func()) {
	tb.Helper()
	w := newFrameWriter()
	p := tea.NewProgram(loadedModel{app},
		tea.WithOutput(w), tea.WithInput(nil), tea.WithWindowSize(120, 40),
		tea.WithoutSignals(), tea.WithoutSignalHandler(),
		tea.WithColorProfile(colorprofile.TrueColor),
		tea.WithEnvironment([]string{"TERM=xterm-256color"}),
		tea.WithFPS(fps))
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = p.Run()
	}()
	w.settle(tb, 100*time.Millisecond)
	return p, w, func() {
		p.Quit()
		<-done
	}
}

// BenchmarkKeyPressBytes is the bytes one key press sends to the terminal
// (120×40, truecolor) through a real tea.Program, with 10,000 headlines
// loaded: "move" moves the cursor within the screen, "scroll" moves it
// past the bottom row so the list scrolls by one. Budget: a j writes at
// most 2 KB (bytes/key).
func BenchmarkKeyPressBytes(b *testing.B) {
	for _, tc := range []struct {
		name  string
		keys  []string // alternated
		setup []string // keys that place the cursor first
	}{
		// On the last row: k and j move the cursor, the rows stay.
		{"move", []string{"k", "j"}, []string{"G"}},
		// On the bottom row of the screen: every j scrolls the list by one.
		{"scroll", []string{"j"}, []string{"g", "pgdown"}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			h := loadedApp(b, 10_000)
			h.keys(tc.setup...)
			p, w, stop := runProgram(b, h.app, FrameRate)
			defer stop()
			quiet := 3 * time.Second / FrameRate
			total := 0
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				k := tc.keys[i%len(tc.keys)]
				w.reset()
				p.Send(keyMsg(k))
				w.waitWrite(b)
				w.settle(b, quiet)
				total += w.bytes()
			}
			b.ReportMetric(float64(total)/float64(b.N), "bytes/key")
		})
	}
}

// BenchmarkKeyLatency is the time from a j (or k) reaching a real
// tea.Program to the first byte of its frame reaching the terminal, with
// 10,000 headlines loaded, at Bubble Tea's default frame rate and at
// ours. Keys arrive at random points of the frame clock, as a user's do.
// Budget: median (p50-ms) under 5 ms at FrameRate.
func BenchmarkKeyLatency(b *testing.B) {
	for _, fps := range []int{60, FrameRate} {
		b.Run(fmt.Sprintf("fps=%d", fps), func(b *testing.B) {
			h := loadedApp(b, 10_000)
			p, w, stop := runProgram(b, h.app, fps)
			defer stop()
			frame := time.Second / time.Duration(fps)
			lat := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			// ns/op includes the settling between keys; p50-ms and p90-ms
			// are the latencies. (No StopTimer here: it stops the world to
			// read memory statistics, which would disturb the program.)
			for i := 0; i < b.N; i++ {
				w.settle(b, 2*frame)
				time.Sleep(rand.N(frame)) // a random phase of the frame clock
				w.reset()
				k := "k"
				if i%2 == 1 {
					k = "j"
				}
				start := time.Now()
				p.Send(keyMsg(k))
				w.waitWrite(b)
				lat = append(lat, time.Since(start))
			}
			slices.Sort(lat)
			ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
			b.ReportMetric(ms(lat[len(lat)/2]), "p50-ms")
			b.ReportMetric(ms(lat[len(lat)*9/10]), "p90-ms")
		})
	}
}

// BenchmarkFrameFlush is the terminal renderer's share of a key press:
// what Bubble Tea does with our frame at the tick after a j (the
// ultraviolet calls of its cursed renderer: parse the frame into cells,
// diff against the last one, write the changes), alternating the frames
// before and after a k at 120×40 with 10,000 headlines loaded. It is the
// part of BenchmarkKeyLatency that is not the wait for the tick, and it
// grows with every cell our frame fills.
func BenchmarkFrameFlush(b *testing.B) {
	h := loadedApp(b, 10_000)
	h.app.Update(keyMsg("G"))
	frames := [2]string{h.app.View().Content}
	h.app.Update(keyMsg("k"))
	frames[1] = h.app.View().Content
	var out bytes.Buffer
	r := uv.NewTerminalRenderer(&out, []string{"TERM=xterm-256color"})
	r.SetColorProfile(colorprofile.TrueColor)
	r.SetFullscreen(true)
	r.Resize(120, 40)
	screen := uv.NewScreenBuffer(120, 40)
	b.ReportAllocs()
	b.ResetTimer()
	cpu := benchcpu.Start()
	for i := 0; i < b.N; i++ {
		screen.Clear()
		uv.NewStyledString(frames[i%2]).Draw(&screen, screen.Bounds())
		r.Render(screen.RenderBuffer)
		if err := r.Flush(); err != nil {
			b.Fatal(err)
		}
		out.Reset()
	}
	benchcpu.Report(b, cpu)
}
