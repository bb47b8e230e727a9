package glamourbench

import (
	"bufio"
	"bytes"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// benchStart builds ./pkg and runs it b.N times with GODEBUG=inittrace=1,
// reporting the sum of its packages' init wall clock (init-ms/op) and the
// process's CPU time (cpu-ns/op, init and a one-line render; what a
// program linking the renderer pays at every start).
func benchStart(b *testing.B, pkg string) {
	bin := filepath.Join(b.TempDir(), "bin")
	if out, err := exec.Command("go", "build", "-o", bin, pkg).CombinedOutput(); err != nil {
		b.Fatalf("build %s: %v\n%s", pkg, err, out)
	}
	var initMs, cpuNs float64
	b.ResetTimer()
	for b.Loop() {
		cmd := exec.Command(bin)
		cmd.Env = append(cmd.Environ(), "GODEBUG=inittrace=1")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			b.Fatal(err)
		}
		cpuNs += float64(cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime())
		sc := bufio.NewScanner(&stderr)
		for sc.Scan() {
			// init PKG @0.5 ms, 1.2 ms clock, N bytes, M allocs
			f := strings.Fields(sc.Text())
			if len(f) >= 6 && f[0] == "init" && f[6] == "clock," {
				ms, _ := strconv.ParseFloat(f[4], 64)
				initMs += ms
			}
		}
	}
	b.ReportMetric(initMs/float64(b.N), "init-ms/op")
	b.ReportMetric(cpuNs/float64(b.N), "cpu-ns/op")
}

func BenchmarkStartOurs(b *testing.B)    { benchStart(b, "./ours") }
func BenchmarkStartGlamour(b *testing.B) { benchStart(b, "./glam") }
