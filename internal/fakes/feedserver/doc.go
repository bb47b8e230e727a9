// Package feedserver is a loopback server of fixture feeds for the tests
// and benchmarks of the feed poller and normaliser: hand-written documents
// in every feed syntax that behave like real ones, the HTTP behaviour of
// real servers (validators and 304, gzip, redirects, errors, Retry-After,
// hangs), and generated feeds in any number.
//
//	s := feedserver.Start()
//	t.Cleanup(s.Close)
//	client := s.Client() // or http.Transport{DialContext: s.DialContext}
//	resp, err := client.Get(s.URL("news-7.test", "/fixtures/rss20.xml"))
//
// Any host name reaches the one listener (URL builds
// "http://news-7.test/…" and DialContext connects every address to
// 127.0.0.1:PORT), so a test can spread feeds over many hosts and check
// per-host limits with MaxInFlight. Every route answers the same on every
// host. Requests records what was asked; Set replaces what a path answers.
//
// # Routes
//
//	/fixtures/<name>          a stored fixture (see Fixtures for each one's
//	                          facts); large.xml and huge.xml are generated
//	/fixtures/changing.xml    version 1, 2 or 3 after SetVersion (see
//	                          ChangingVersions); changing-vN.xml serve each
//	/gen/<id>.xml?items=N&rev=R
//	                          a generated RSS 2.0 feed (see GenFeed)
//	/status/404, 410, 500     that status with a small HTML page (any code
//	                          from 400 to 599 works)
//	/status/429               429 with Retry-After: 120
//	/status/503               503 with Retry-After an HTTP-date 90 s ahead
//	/redirect/301, 302, 303, 307, 308
//	                          that redirect to http://<same host>/fixtures/rss20.xml
//	                          (?to=<path or URL> picks another target)
//	/redirect/chain/N         N hops of 301 (chain/N -> chain/N-1 … ->
//	                          rss20.xml); chain/0 serves rss20.xml itself
//	/redirect/loop            302 to itself, forever
//	/hang                     never answers (until the client gives up, or
//	                          Close, when the connection is dropped)
//	anything else             404
//
// Every 200 answer has a strong ETag and a Last-Modified and answers a
// matching If-None-Match or a recent enough If-Modified-Since with 304;
// bodies are gzipped when the client accepts it; ?chunked=1 on any URL
// streams the body without Content-Length (see Response).
//
// Hosts used in fixture links are example.com, example.org, example.net
// and their subdomains; nothing here ever connects anywhere but the
// loopback listener.
package feedserver
