package cli

import (
	"slices"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// parseServe parses serve's command line and environment as the command
// does, without serving.
func parseServe(t *testing.T, env map[string]string, args ...string) (serveFlags, error) {
	t.Helper()
	var f serveFlags
	fs := pflag.NewFlagSet("serve", pflag.ContinueOnError)
	bindServeFlags(fs, &f)
	if err := fs.Parse(args); err != nil {
		t.Fatalf("parse %v: %v", args, err)
	}
	fromEnv, err := applyEnv(fs, envOf(env))
	if err != nil {
		return f, err
	}
	f.fromEnv = fromEnv
	return f, f.check(envOf(env))
}

func TestServeTakesEveryFlagFromTheEnvironment(t *testing.T) {
	f, err := parseServe(t, map[string]string{
		"TIDINGS_LISTEN":         "0.0.0.0:9000",
		"TIDINGS_DB":             "/var/lib/tidings/news.db",
		"TIDINGS_API_KEYS":       "key-one, key-two,,",
		"TIDINGS_API_KEYS_FILE":  "/run/secrets/keys",
		"TIDINGS_RATE_LIMIT":     "250",
		"TIDINGS_IMPORT":         "/data/seed.jsonl",
		"TIDINGS_REFRESH":        "30m",
		"TIDINGS_RETAIN":         "90d",
		"TIDINGS_CORS_ORIGINS":   "https://a.example,https://b.example:8443",
		"TIDINGS_METRICS_LISTEN": "127.0.0.1:9464",
		"TIDINGS_REDIS":          "redis://cache:6379/0",
	})
	if err != nil {
		t.Fatal(err)
	}
	got := []string{f.listen, f.db, strings.Join(f.apiKeys, "|"), f.apiKeysFile, f.importFile, f.polling.interval,
		f.polling.retain, strings.Join(f.corsOrigins, "|"), f.metricsListen, f.redis}
	want := []string{"0.0.0.0:9000", "/var/lib/tidings/news.db", "key-one|key-two", "/run/secrets/keys", "/data/seed.jsonl", "30m",
		"90d", "https://a.example|https://b.example:8443", "127.0.0.1:9464", "redis://cache:6379/0"}
	if !slices.Equal(got, want) || f.rateLimit != 250 {
		t.Fatalf("from the environment:\n got %q (rate %d)\nwant %q (rate 250)", got, f.rateLimit, want)
	}
}

func TestServeFlagsWinOverTheEnvironment(t *testing.T) {
	env := map[string]string{"TIDINGS_LISTEN": "0.0.0.0:9000", "TIDINGS_API_KEYS": "env-key", "TIDINGS_RATE_LIMIT": "5",
		"TIDINGS_CORS_ORIGINS": "https://env.example", "NEWS_API_KEY": "news-key"}
	f, err := parseServe(t, env, "--listen", "127.0.0.1:1", "--api-key", "flag-key", "--rate-limit", "7",
		"--cors-origin", "https://flag.example")
	if err != nil {
		t.Fatal(err)
	}
	if f.listen != "127.0.0.1:1" || !slices.Equal(f.apiKeys, []string{"flag-key"}) || f.rateLimit != 7 ||
		!slices.Equal(f.corsOrigins, []string{"https://flag.example"}) {
		t.Fatalf("flags lost to the environment: %+v", f)
	}
	// NEWS_API_KEY keeps working when nothing else names a key ...
	if f, err := parseServe(t, map[string]string{"NEWS_API_KEY": "news-key"}); err != nil || !slices.Equal(f.apiKeys, []string{"news-key"}) {
		t.Fatalf("NEWS_API_KEY: %v, %v", f.apiKeys, err)
	}
	// ... and TIDINGS_API_KEYS comes before it.
	if f, err := parseServe(t, map[string]string{"NEWS_API_KEY": "news-key", "TIDINGS_API_KEYS": "t-key"}); err != nil ||
		!slices.Equal(f.apiKeys, []string{"t-key"}) {
		t.Fatalf("TIDINGS_API_KEYS with NEWS_API_KEY: %v, %v", f.apiKeys, err)
	}
	// A keys file alone is enough.
	if _, err := parseServe(t, nil, "--api-keys-file", "/run/keys"); err != nil {
		t.Fatalf("--api-keys-file alone: %v", err)
	}
}

func TestBadEnvironmentValuesNameTheVariable(t *testing.T) {
	base := map[string]string{"TIDINGS_API_KEYS": "k"}
	cases := map[string]struct{ val, want string }{
		"TIDINGS_RATE_LIMIT":     {"lots", `invalid TIDINGS_RATE_LIMIT="lots"`},
		"TIDINGS_REFRESH":        {"often", "TIDINGS_REFRESH"},
		"TIDINGS_RETAIN":         {"forever", "TIDINGS_RETAIN"},
		"TIDINGS_CORS_ORIGINS":   {"app.example.com", "TIDINGS_CORS_ORIGINS"},
		"TIDINGS_IMPORT":         {"seed.jsonl", "TIDINGS_IMPORT (--import) needs --db"},
		"TIDINGS_METRICS_LISTEN": {"127.0.0.1:8080", "TIDINGS_METRICS_LISTEN"},
	}
	for env, c := range cases {
		vars := map[string]string{env: c.val}
		for k, v := range base {
			vars[k] = v
		}
		_, err := parseServe(t, vars)
		if err == nil || !strings.Contains(err.Error(), c.want) || exitStatus(err) != 2 {
			t.Errorf("%s=%s: %v, want a usage error containing %q", env, c.val, err, c.want)
		}
	}
	_, err := parseServe(t, map[string]string{"TIDINGS_API_KEYS": "k", "TIDINGS_RATE_LIMIT": "-3"})
	if err == nil || !strings.Contains(err.Error(), "TIDINGS_RATE_LIMIT (--rate-limit) -3") {
		t.Errorf("a negative TIDINGS_RATE_LIMIT: %v", err)
	}
	_, err = parseServe(t, map[string]string{"TIDINGS_API_KEYS": "k", "TIDINGS_RATE_LIMIT": "0", "TIDINGS_REDIS": "redis://:pw@h:1"})
	if err == nil || !strings.Contains(err.Error(), "TIDINGS_REDIS") || strings.Contains(err.Error(), "pw") {
		t.Errorf("--redis without a rate limit: %v", err)
	}
}

func TestServeWithoutAnyKeySaysWhereKeysCome(t *testing.T) {
	_, err := parseServe(t, nil)
	for _, want := range []string{"--api-key", "--api-keys-file", "TIDINGS_API_KEYS", "NEWS_API_KEY"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("no key: %v, want it to mention %s", err, want)
		}
	}
}

// --trusted-proxy takes addresses and networks, from the flag or
// TIDINGS_TRUSTED_PROXIES; anything else is a usage error naming it.
func TestServeTrustedProxies(t *testing.T) {
	f, err := parseServe(t, map[string]string{"TIDINGS_TRUSTED_PROXIES": "10.0.0.0/8, 192.0.2.7"}, "--api-key", "k")
	if err != nil {
		t.Fatal(err)
	}
	got, err := parseProxies(f.trustedProxies)
	if err != nil || len(got) != 2 || got[0].String() != "10.0.0.0/8" || got[1].String() != "192.0.2.7/32" {
		t.Fatalf("proxies %v, %v", got, err)
	}
	_, err = parseServe(t, nil, "--api-key", "k", "--trusted-proxy", "nginx.local")
	if err == nil || !strings.Contains(err.Error(), "--trusted-proxy") || !strings.Contains(err.Error(), "nginx.local") {
		t.Fatalf("a bad proxy: %v", err)
	}
}
