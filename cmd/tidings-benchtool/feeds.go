package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"

	"tidings/feeds/opml"
	"tidings/internal/fakes/feedserver"
	"tidings/model"
)

// feedsCmd serves generated feeds on loopback for a `tidings serve` to
// poll while it is under load, and writes their subscription list. The
// feeds are spread over -hosts loopback addresses (127.0.0.2, …), since
// the poller fetches one at a time per host, as it does on the internet.
// It serves until it is stopped.
func feedsCmd(args []string) error {
	fs := flag.NewFlagSet("feeds", flag.ContinueOnError)
	n := fs.Int("feeds", 1000, "feeds to serve")
	hosts := fs.Int("hosts", 40, "loopback addresses to spread them over (at most 250)")
	items := fs.Int("items", feedserver.DefaultGenItems, "items a feed")
	out := fs.String("opml", "", "where to write the subscription list")
	fixtures := fs.Bool("fixtures", false, "list the hand-written fixture feeds instead (for screenshots)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || *hosts < 1 || *hosts > 250 {
		return fmt.Errorf("feeds needs -opml FILE and 1 to 250 -hosts")
	}
	srv := feedserver.Start()
	defer srv.Close()
	addrs := make([]string, *hosts)
	for h := range addrs {
		ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.%d:0", h+2))
		if err != nil {
			return fmt.Errorf("listen on loopback: %w", err)
		}
		defer ln.Close()
		go http.Serve(ln, srv.Handler())
		addrs[h] = ln.Addr().String()
	}
	outlines := make([]opml.Outline, *n)
	for i := range outlines {
		outlines[i] = opml.Outline{Title: fmt.Sprintf("Bench feed %d", i),
			XMLURL: fmt.Sprintf("http://%s/gen/%d.xml?items=%d", addrs[i%len(addrs)], i, *items)}
	}
	if *fixtures {
		outlines = fixtureOutlines(addrs)
	}
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	if err := opml.Write(f, "benchmark feeds", outlines); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "serving %d feeds on %d loopback hosts\n", *n, len(addrs))
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
	<-stop
	return nil
}

// showcase are fixture feeds that read like a morning's news, with the
// category and country a user would give them.
var showcase = []struct {
	name     string
	category model.Category
	country  model.Country
}{
	{"rss20.xml", "general", "us"}, {"atom10.xml", "science", "gb"}, {"jsonfeed11.json", "general", "gb"},
	{"latin1.xml", "business", "ch"}, {"rss10.rdf", "general", "us"}, {"atom03.xml", "technology", "us"},
	{"cp1252.xml", "general", "us"}, {"tracking.xml", "business", "us"}, {"dates.xml", "general", "gb"},
	{"jsonfeed10.json", "sports", "us"}, {"relative.xml", "general", "ie"},
}

func fixtureOutlines(addrs []string) []opml.Outline {
	var out []opml.Outline
	for i, f := range showcase {
		fx, _ := feedserver.FixtureByName(f.name)
		out = append(out, opml.Outline{Title: fx.Title, HTMLURL: fx.Link, XMLURL: fmt.Sprintf("http://%s/fixtures/%s", addrs[i%len(addrs)], f.name),
			Category: f.category, Country: f.country})
	}
	return out
}
