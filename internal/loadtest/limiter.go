package loadtest

import (
	"fmt"
	"net/http"
	"slices"
	"time"
)

// span is when an admitted request was sent and when its answer was read:
// the service's decision to admit it fell somewhere in between.
type span struct{ sent, done time.Time }

// keyRuns is what one key's requests came to.
type keyRuns struct {
	polite   bool
	sent     int
	admitted []span
	refused  int // 429
	first    time.Time
	last     time.Time
}

func (k *keyRuns) add(o outcome) {
	k.sent++
	if k.first.IsZero() || o.sent.Before(k.first) {
		k.first = o.sent
	}
	if o.done.After(k.last) {
		k.last = o.done
	}
	switch {
	case o.admitted():
		k.admitted = append(k.admitted, span{o.sent, o.done})
	case o.err == nil && o.status == http.StatusTooManyRequests:
		k.refused++
	}
}

func (k *keyRuns) merge(u *keyRuns) {
	k.sent += u.sent
	k.refused += u.refused
	k.admitted = append(k.admitted, u.admitted...)
	if k.first.IsZero() || (!u.first.IsZero() && u.first.Before(k.first)) {
		k.first = u.first
	}
	if u.last.After(k.last) {
		k.last = u.last
	}
}

// LimiterFindings is the rate limiter's behaviour seen from the clients.
type LimiterFindings struct {
	Applicable bool `json:"applicable"`
	// Hot keys: driven above their limit; each admission count is held
	// against the token bucket's allowance, burst N plus N/60 per second.
	HotKeys         int     `json:"hotKeys"`
	HotKeysRefused  int     `json:"hotKeysSeeing429"`
	MaxAdmittedHot  int     `json:"maxAdmittedByAHotKey"`
	MinAdmittedHot  int     `json:"minAdmittedByAHotKey"`
	AllowanceForRun float64 `json:"allowanceForTheRun"`
	Violations      int     `json:"keysOverAllowance"`
	Worst           string  `json:"worstViolation,omitempty"`
	// Polite keys: paced at their limit, so never to be refused.
	PoliteKeys    int `json:"politeKeys"`
	PoliteSent    int `json:"politeSent"`
	PoliteRefused int `json:"politeRefused"`
}

// checkLimiter holds every hot key's admissions against the token bucket:
// in any stretch of decisions spanning d seconds, at most N + N/60*d can
// be admitted. The stretch is bounded from the client side by the earliest
// send and the latest answer among the admissions, which can only widen
// it, so a count over the bound is certain over-admission.
func checkLimiter(perMinute int, keys map[int]*keyRuns) LimiterFindings {
	f := LimiterFindings{Applicable: perMinute > 0, MinAdmittedHot: -1}
	rate := float64(perMinute) / 60
	for id, k := range keys {
		if k.polite {
			f.PoliteKeys++
			f.PoliteSent += k.sent
			f.PoliteRefused += k.refused
			continue
		}
		f.HotKeys++
		if k.refused > 0 {
			f.HotKeysRefused++
		}
		n := len(k.admitted)
		f.MaxAdmittedHot = max(f.MaxAdmittedHot, n)
		if f.MinAdmittedHot < 0 || n < f.MinAdmittedHot {
			f.MinAdmittedHot = n
		}
		if !f.Applicable {
			continue
		}
		f.AllowanceForRun = max(f.AllowanceForRun, float64(perMinute)+rate*k.last.Sub(k.first).Seconds())
		if excess := overAdmission(k.admitted, float64(perMinute), rate); excess != "" {
			f.Violations++
			if f.Worst == "" {
				f.Worst = fmt.Sprintf("key #%d: %s", id, excess)
			}
		}
	}
	f.MinAdmittedHot = max(f.MinAdmittedHot, 0)
	return f
}

// overAdmission returns the first stretch of admissions the bucket could
// not have allowed, or "".
func overAdmission(adm []span, burst, rate float64) string {
	slices.SortFunc(adm, func(a, b span) int { return a.done.Compare(b.done) })
	for i := range adm {
		earliest := adm[i].sent
		for j := i; j < len(adm); j++ {
			if adm[j].sent.Before(earliest) {
				earliest = adm[j].sent
			}
			d := adm[j].done.Sub(earliest).Seconds()
			if count := j - i + 1; float64(count) > burst+rate*d+1e-9 {
				return fmt.Sprintf("%d admitted within %.3f s, where the bucket allows %.1f", count, d, burst+rate*d)
			}
		}
	}
	return ""
}
