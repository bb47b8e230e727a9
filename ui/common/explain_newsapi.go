package common

import (
	"errors"
	"fmt"

	"tidings/api"
	"tidings/model"
)

// Plain sentences for what NewsAPI says in codes. They are the titles
// Explain gives; tests look for them.
var (
	// ResultsCappedText ends a list that reached the Developer plan's cap
	// (model.NewsAPIMaxResults, written out so that no initialiser
	// formats it at start-up; a test checks they agree).
	ResultsCappedText = "Your NewsAPI plan serves only the first 100 results"
	// KeyExhaustedText explains a spent quota (apiKeyExhausted, or a
	// rateLimited without a Retry-After).
	KeyExhaustedText = "Your key's daily requests are used up; they renew at midnight UTC"
	// KeyRefusedText explains apiKeyInvalid and apiKeyMissing.
	KeyRefusedText = "This key was refused by NewsAPI"
)

// explainNewsAPI words the failures only NewsAPI reports (its error
// codes, which the client turns into sentinels); ok is false for every
// other error, which Explain words as for any service. Codes are never
// shown: each gets a sentence and what to do.
func explainNewsAPI(err error) (title, hint string, ok bool) {
	var aerr *api.Error
	if !errors.As(err, &aerr) || aerr.Dialect != api.DialectNewsAPI {
		return "", "", false
	}
	withMessage := func(h string) string {
		if aerr.Message == "" {
			return h
		}
		return aerr.Message + " — " + h
	}
	switch {
	case errors.Is(err, api.ErrResultsCapped):
		return ResultsCappedText, "That is where this list ends; narrow the search or the filters to reach other articles.", true
	case errors.Is(err, api.ErrKeyExhausted):
		return KeyExhaustedText, "Press r to try again after then; a paid NewsAPI plan has more requests.", true
	case errors.Is(err, api.ErrKeyDisabled):
		return "NewsAPI has disabled this key",
			"Put another key in NEWS_API_KEY (your account at newsapi.org says why), then restart tidings.", true
	case errors.Is(err, api.ErrUnauthorized):
		if aerr.Code == "apiKeyMissing" {
			return KeyRefusedText + ": it got no key",
				"Set NEWS_API_KEY to the key newsapi.org gave you, then restart tidings.", true
		}
		return KeyRefusedText,
			"Check NEWS_API_KEY (or --api-key): it must be the key newsapi.org gave you. Then restart tidings.", true
	case errors.Is(err, api.ErrPlanRestricted):
		return "Your NewsAPI plan does not allow this request", withMessage("a paid plan lifts this."), true
	case errors.Is(err, api.ErrUnknownSource):
		return "NewsAPI has no source with that id",
			"Check the source ids: the Sources screen (2) lists the ones NewsAPI knows.", true
	case errors.Is(err, api.ErrTooManySources):
		return fmt.Sprintf("NewsAPI takes at most %d sources in one search", model.NewsAPIMaxSources),
			"Remove some source ids and search again.", true
	case errors.Is(err, api.ErrInvalidParams):
		return "NewsAPI rejected the request", withMessage("change the filters and press r to retry."), true
	case errors.Is(err, api.ErrServer):
		return "NewsAPI had an internal error", "This is on NewsAPI's side; wait a moment and press r to retry.", true
	case errors.Is(err, api.ErrRateLimited):
		return "NewsAPI asked us to slow down", "tidings retries by itself when the wait is over.", true
	}
	return "", "", false
}

// explainUnknownNewsAPI words a NewsAPI error that nothing else explains
// (a code this version does not know, at a status with no meaning of its
// own): NewsAPI's own words, never the code.
func explainUnknownNewsAPI(err error) (title, hint string, ok bool) {
	var aerr *api.Error
	if !errors.As(err, &aerr) || aerr.Dialect != api.DialectNewsAPI {
		return "", "", false
	}
	hint = "Press r to retry."
	if aerr.Message != "" {
		hint = aerr.Message + " — " + hint
	}
	return "NewsAPI reported an error", hint, true
}

// EndsList reports whether err is not a failure to retry but the end of
// the list: the service will serve no more of it (ErrResultsCapped). A
// list shows what it has, says why it ends there, and asks for no more.
func EndsList(err error) bool { return errors.Is(err, api.ErrResultsCapped) }
