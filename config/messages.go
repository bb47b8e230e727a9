package config

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"tidings/api"
	"tidings/lazy"
	"tidings/model"
)

// unknown reports a key the file may not have, suggesting the closest
// known name.
func (b *builder) unknown(key, name string, known []string) {
	b.p.add(b.line(key), "%s", unknownMsg(key, name, known))
}

func unknownMsg(key, name string, known []string) string {
	msg := fmt.Sprintf("unknown key %s", key)
	if s := suggest(name, known); s != "" {
		msg += fmt.Sprintf(" (did you mean %s?)", s)
	}
	if len(known) == 0 {
		return msg
	}
	return msg + "; allowed: " + strings.Join(known, ", ")
}

// unknownKey turns one of strict decoding's unknown keys into a problem.
func unknownKey(p *problems, e *toml.DecodeError, lines map[string]int) {
	line, _ := e.Position()
	key := fullKey(strings.Join(e.Key(), "."), line, lines)
	path := strings.Split(key, ".")
	if suggest(path[len(path)-1], []string{"api_key", "key", "token", "api_token", "secret", "password"}) != "" {
		p.add(line, "%s: the API key is never kept in this file; allowed: "+
			"api_key_command = \"pass show news\" (a command that prints the key), "+
			"or the NEWS_API_KEY environment variable", key)
		return
	}
	known := tableKeys(reflect.TypeFor[rawConfig](), path[:len(path)-1])
	p.add(line, "%s", unknownMsg(key, path[len(path)-1], known))
}

// fullKey finds the whole dotted path of a key go-toml names relative to
// an inline table ("countri" in reader = {countri = 1}): the longest key
// on that line that ends with it.
func fullKey(key string, line int, lines map[string]int) string {
	best := key
	for k, l := range lines {
		if l == line && strings.HasSuffix(k, "."+key) && len(k) > len(best) {
			best = k
		}
	}
	return best
}

// tableKeys lists the keys the table at path (in rawConfig) may hold.
func tableKeys(t reflect.Type, path []string) []string {
	for _, name := range path {
		t = derefType(t)
		if t.Kind() != reflect.Struct {
			return nil
		}
		f, ok := fieldByTag(t, name)
		if !ok {
			return nil
		}
		t = f.Type
	}
	t = derefType(t)
	if t.Kind() != reflect.Struct {
		return nil
	}
	var out []string
	for i := range t.NumField() {
		out = append(out, tagName(t.Field(i)))
	}
	return out
}

func derefType(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

func fieldByTag(t reflect.Type, name string) (reflect.StructField, bool) {
	for i := range t.NumField() {
		if tagName(t.Field(i)) == name {
			return t.Field(i), true
		}
	}
	return reflect.StructField{}, false
}

func tagName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
	return name
}

// decodeIntoRE finds the TOML type in go-toml's type error; compiled on
// first use, not at start-up.
var decodeIntoRE = lazy.Value[*regexp.Regexp]{Build: func() *regexp.Regexp {
	return regexp.MustCompile(`cannot decode TOML (\w+) into`)
}}

// decodeError turns go-toml's error (a syntax error, or a value of the
// wrong type) into an *Error.
func decodeError(path string, de *toml.DecodeError) *Error {
	line, _ := de.Position()
	msg := strings.TrimPrefix(de.Error(), "toml: ")
	key := strings.Join(de.Key(), ".")
	if m := decodeIntoRE.Get().FindStringSubmatch(msg); m != nil && key != "" {
		return &Error{Path: path, Line: line, Msg: fmt.Sprintf("%s: expected %s, got a TOML %s; allowed: %s",
			key, expectedKind(de.Key()), m[1], allowedFor(de.Key()))}
	}
	if strings.Contains(msg, "too large to fit") && key != "" {
		return &Error{Path: path, Line: line, Msg: fmt.Sprintf("%s: %s; allowed: %s", key, msg, allowedFor(de.Key()))}
	}
	return &Error{Path: path, Line: line, Msg: "invalid TOML: " + msg + "; allowed: TOML (https://toml.io), as `tidings config init` writes it"}
}

// expectedKind names the TOML type a key takes.
func expectedKind(path []string) string {
	key := strings.Join(path, ".")
	switch {
	case key == "reader.page_size":
		return "an integer"
	case key == "reader.q_quits":
		return "a boolean"
	case len(path) == 1 || (len(path) == 2 && (path[0] == "keys" || key == "theme.colors" ||
		key == "theme.dark" || key == "theme.light")):
		return "a table"
	case path[0] == "keys":
		return "a key name or a list of them"
	}
	return "a string"
}

// allowedFor says what a key takes, for messages about its type.
func allowedFor(path []string) string {
	key := strings.Join(path, ".")
	switch key {
	case "service.dialect":
		return quoteList(dialectNames())
	case "service.base_url":
		return "an http or https address such as \"https://news.example.com/v2\""
	case "service.api_key_command":
		return commandAllowed
	case "service.user":
		return userAllowed
	case "reader.start_screen":
		return screenAllowed()
	case "reader.page_size":
		return fmt.Sprintf("1 to %d, or 0 for the service's default", model.MaxPageSize)
	case "reader.full_text":
		return quoteList(FullTextModes())
	case "reader.allow_private_fetch":
		return "true or false"
	case "reader.q_quits":
		return "true or false"
	case "reader.open_command":
		return openCommandAllowed
	case "reader.country", "reader.category", "reader.language", "reader.sort":
		return "a name as `tidings config init` lists them"
	case "theme.mode":
		return quoteList(ThemeModes())
	case "feeds.refresh_interval":
		return refreshAllowed()
	case "feeds.contact":
		return contactAllowed
	case "feeds.max_items_per_feed":
		return maxItemsAllowed()
	}
	switch {
	case len(path) == 1:
		return "a table [" + key + "]"
	case path[0] == "theme":
		if len(path) == 2 {
			return "a table of colours by role"
		}
		return colorAllowed
	case path[0] == "keys":
		if len(path) == 2 {
			return "a table of actions, e.g. [keys." + path[1] + "]"
		}
		return keysAllowed
	}
	return "see `tidings config init`"
}

func dialectNames() []string {
	var out []string
	for _, d := range api.Dialects() {
		out = append(out, d.String())
	}
	return out
}

// tomlKind names the TOML type of a decoded value.
func tomlKind(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case int64:
		return "an integer"
	case float64:
		return "a float"
	case bool:
		return "a boolean"
	case []any:
		return "an array"
	case map[string]any:
		return "a table"
	}
	return "a date or time"
}
