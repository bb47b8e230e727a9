package config

import (
	"fmt"
	"net/url"
	"strings"
)

// contactAllowed says what feeds.contact (and serve --contact) take.
const contactAllowed = `an http or https address such as "https://news.example.com/about", ` +
	`a mailto: address such as "mailto:news@example.com", or "" for none`

// CheckContact accepts a contact for the poller's User-Agent: "" (none),
// an absolute http or https URL, or a mailto: address. Spaces and
// parentheses are refused: they would break the header's comment.
func CheckContact(s string) error {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	u, err := url.Parse(s)
	ok := err == nil && !strings.ContainsAny(s, " ()\t\r\n") &&
		((u.Scheme == "http" || u.Scheme == "https") && u.Host != "" || u.Scheme == "mailto" && strings.Contains(u.Opaque, "@"))
	if !ok {
		return fmt.Errorf("invalid contact %q; allowed: %s", s, contactAllowed)
	}
	return nil
}
