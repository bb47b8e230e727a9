package common

import (
	"context"
	"errors"

	"tidings/api"
	"tidings/model"
)

// Explain turns an error from the service client into a one-line title in
// plain words and a hint saying what to do. baseURL names the service in
// the hint; the API key is never part of either.
//
// The hint may quote the service's own message (for rejected parameters):
// sanitise it with textsafe before display.
func Explain(err error, baseURL string) (title, hint string) {
	if baseURL == "" {
		baseURL = "the news service"
	}
	var verr *model.ValidationError
	var aerr *api.Error
	if t, h, ok := explainNewsAPI(err); ok {
		return t, h
	}
	switch {
	case err == nil:
		return "", ""
	case errors.Is(err, context.Canceled):
		return "Request cancelled", "Press r to run it again."
	case errors.Is(err, api.ErrSearchUnsupported): // the hint names the service and what to read instead
		return "This service has no search", err.Error()
	case errors.Is(err, api.ErrSourcesUnsupported):
		return "This service cannot list one source's articles",
			"It does not take the sources parameter on its headlines. Press s to search this source instead."
	case errors.As(err, &verr):
		return verr.Message, "Change the query and try again."
	case errors.Is(err, api.ErrUnauthorized):
		return "The service refused the API key",
			"Set NEWS_API_KEY (or pass --api-key) to a valid key, then restart tidings."
	case errors.Is(err, api.ErrRateLimited):
		return "Too many requests", "The service asked us to slow down; tidings retries by itself."
	case errors.Is(err, api.ErrNotFound):
		return "The service has no such endpoint",
			"Check the base URL (--base-url / NEWS_API_BASE_URL): it should end in /v2."
	case errors.Is(err, api.ErrInvalidParams):
		hint := "Change the filters and press r to retry."
		if errors.As(err, &aerr) && aerr.Message != "" {
			hint = aerr.Message + " — " + hint
		}
		return "The service rejected the request", hint
	case errors.Is(err, api.ErrServer):
		return "The service had an internal error",
			"This is on the service's side; wait a moment and press r to retry."
	case errors.Is(err, api.ErrTimeout):
		return "No answer from " + baseURL + " in time",
			"The service may be busy or the network slow; press r to retry."
	case errors.Is(err, api.ErrRedirect):
		return "The service at " + baseURL + " redirects in a loop or to an insecure address",
			"Check --base-url / NEWS_API_BASE_URL: it should be the service's own address, ending in /v2."
	case errors.Is(err, api.ErrNetwork):
		return "Could not reach " + baseURL,
			"Check your connection and --base-url / NEWS_API_BASE_URL, then press r to retry."
	case errors.As(err, &aerr) && aerr.Status >= 200 && aerr.Status <= 299:
		// The body of a successful answer said it failed: its own words
		// are the best explanation there is.
		hint := "Press r to retry."
		if aerr.Message != "" {
			hint = aerr.Message + " — " + hint
		}
		return "The service reported an error", hint
	case errors.Is(err, api.ErrBadResponse), errors.Is(err, api.ErrEmptyResponse):
		return "The service sent an answer tidings cannot read",
			"Check that the base URL points at the news service (it should end in /v2); r to retry."
	case errors.Is(err, api.ErrResponseTooLarge):
		return "The service sent an answer that is too large",
			"Try a smaller page size (--page-size); r to retry."
	}
	if t, h, ok := explainUnknownNewsAPI(err); ok {
		return t, h
	}
	return "Something went wrong", err.Error() + " — press r to retry."
}

// IsCanceled reports whether err only says that we cancelled the request
// ourselves; such results are dropped silently.
func IsCanceled(err error) bool { return errors.Is(err, context.Canceled) }
