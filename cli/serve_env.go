package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"
)

// serveEnvPrefix starts the environment variable of every serve flag:
// --rate-limit is TIDINGS_RATE_LIMIT, and so on. An operator can then
// configure a container or a unit entirely from its environment.
const serveEnvPrefix = "TIDINGS_"

// envName is the environment variable of flag name. The repeatable flags
// take a comma-separated list under a plural name.
func envName(name string) string {
	switch name {
	case "api-key":
		return "TIDINGS_API_KEYS"
	case "cors-origin":
		return "TIDINGS_CORS_ORIGINS"
	case "trusted-proxy":
		return "TIDINGS_TRUSTED_PROXIES"
	}
	return serveEnvPrefix + strings.ToUpper(strings.ReplaceAll(name, "-", "_"))
}

// serveSecretFlag reports whether a flag never has its value quoted in an
// error: keys, and addresses that may hold a password
// (postgres://user:pass@…, redis://…).
func serveSecretFlag(name string) bool {
	switch name {
	case "api-key", "db", "redis":
		return true
	}
	return false
}

// listFlag reports whether a flag takes repeated values (its variable is
// a comma-separated list).
func listFlag(f *pflag.Flag) bool {
	return strings.HasSuffix(f.Value.Type(), "Array") || strings.HasSuffix(f.Value.Type(), "Slice")
}

// applyEnv sets every flag of fs that was not given on the command line
// from its environment variable, if set: flags win over the environment.
// It returns which flags came from where (flag name → variable), so later
// checks can name the variable a bad value came from.
func applyEnv(fs *pflag.FlagSet, getenv func(string) string) (map[string]string, error) {
	fromEnv := map[string]string{}
	var err error
	fs.VisitAll(func(f *pflag.Flag) {
		if err != nil || f.Changed || f.Name == "help" {
			return
		}
		env := envName(f.Name)
		val := getenv(env)
		if strings.TrimSpace(val) == "" {
			return
		}
		values := []string{val}
		if listFlag(f) {
			values = strings.Split(val, ",")
		}
		for _, v := range values {
			if v = strings.TrimSpace(v); v == "" && listFlag(f) {
				continue
			}
			if serr := fs.Set(f.Name, strings.TrimSpace(v)); serr != nil {
				err = envError(f.Name, env, v, serr)
				return
			}
		}
		fromEnv[f.Name] = env
	})
	return fromEnv, err
}

func envError(name, env, val string, err error) error {
	if serveSecretFlag(name) {
		return usagef("invalid %s (for --%s): %v", env, name, redactedErr(err, val))
	}
	return usagef("invalid %s=%q (for --%s): %v", env, val, name, err)
}

// redactedErr is err's text with val taken out.
func redactedErr(err error, val string) string {
	if val == "" {
		return err.Error()
	}
	return strings.ReplaceAll(err.Error(), val, "REDACTED")
}

// flagSource names where a flag's value came from, for messages: the
// variable when it came from the environment, else the flag.
func flagSource(fromEnv map[string]string, name string) string {
	if env, ok := fromEnv[name]; ok {
		return fmt.Sprintf("%s (--%s)", env, name)
	}
	return "--" + name
}
