package cli

import (
	"context"
	"errors"
	"fmt"
	"time"

	"tidings/api"
	"tidings/api/greader"
	"tidings/config"
	"tidings/ui/common"
)

// serviceClient is what the reader and the listing commands read: the
// api package's client, or api/greader's for the greader dialect.
type serviceClient interface {
	common.Client
	Dialect() api.Dialect
}

// The greader client is what the reader needs of a service that keeps
// read state.
var (
	_ serviceClient = (*greader.Client)(nil)
	_ common.Marks  = (*greader.Client)(nil)
)

// newServiceClient makes the client of svc's dialect, and its marks
// (nil where the service keeps none).
func newServiceClient(svc readerService) (serviceClient, common.Marks, error) {
	if svc.dialect != api.DialectGReader {
		opts := []api.Option{api.WithVersion(appVersion()), api.WithDialect(svc.dialect), svc.marksOption()}
		if svc.local {
			opts = append(opts, api.WithoutCompression()) // the service is in this process
		}
		client, err := api.New(svc.baseURL, svc.apiKey, opts...)
		if err != nil {
			return nil, nil, fmt.Errorf("news service client: %w", err)
		}
		return client, nil, nil
	}
	client, err := greader.New(greader.Config{BaseURL: svc.baseURL, User: svc.user, Password: svc.apiKey,
		UserAgent: "tidings/" + appVersion()})
	if err != nil {
		return nil, nil, err
	}
	return client, client, nil
}

// greaderLoginTimeout bounds the login before the reader starts.
const greaderLoginTimeout = 15 * time.Second

// checkGReaderLogin logs in before the UI starts, so that a refused
// password ends the command with a message saying how to give the right
// one. Other failures (the network) are left to the UI, which says them
// and retries on r.
func checkGReaderLogin(ctx context.Context, client serviceClient) error {
	g, ok := client.(*greader.Client)
	if !ok {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, greaderLoginTimeout)
	defer cancel()
	if err := g.Login(ctx); errors.Is(err, api.ErrUnauthorized) {
		return err
	}
	return nil
}

// greaderService checks what the greader dialect needs beyond a base URL:
// a user (--user, TIDINGS_USER, the file's service.user) and no country
// or language filter, which subscriptions do not have. Filters from the
// config file were meant for other services and are dropped.
func (f *readerFlags) greaderService(c *readerConfig, base string, file *config.Config, getenv func(string) string) error {
	if base == "" {
		return usagef("--dialect greader needs --base-url (or NEWS_API_BASE_URL, or base_url in the config file): " +
			"the Google Reader API root, such as https://rss.example.org/api/greader.php (FreshRSS), " +
			"https://miniflux.example.org (Miniflux) or https://news.example.org/api/greader (tidings serve)")
	}
	for _, flag := range []string{"country", "language"} {
		if f.given(flag) && f.stringFlag(flag) != "" {
			return usagef("--%s does not apply to --dialect greader: Google Reader subscriptions have no %s", flag, flag)
		}
	}
	c.headlines.Country, c.sources.Country, c.sources.Language, c.search.Language = "", "", "", ""
	c.user = f.user
	if !f.given("user") || c.user == "" {
		c.user = getenv("TIDINGS_USER")
	}
	if c.user == "" {
		c.user = file.Service.User
	}
	if c.user == "" {
		return usagef("no user for the Google Reader service at %s: give --user NAME (or set TIDINGS_USER, "+
			"or user in the config file's [service])", base)
	}
	return nil
}

// noGReaderPassword says how to give the greader dialect's password.
func noGReaderPassword(user, base string) error {
	return usagef("no password for user %s at %s: set the NEWS_API_KEY environment variable to it "+
		"(FreshRSS: the API password of your profile; Miniflux: the Google Reader password of "+
		"Settings → Integrations; tidings serve: an API key), or api_key_command in the config file", user, base)
}
