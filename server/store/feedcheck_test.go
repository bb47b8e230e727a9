package store

import (
	"errors"
	"strings"
	"testing"

	"tidings/model"
)

// tables is a store in miniature for the feed checks: feeds by URL, taken
// source ids, and a failure to answer with.
type tables struct {
	feeds map[string]string // url → feed id
	taken map[string]bool
	fail  error
}

func (t tables) lookups() FeedLookups {
	return FeedLookups{
		FeedByURL: func(url string) (string, error) { return t.feeds[url], t.fail },
		IDTaken:   func(id string) (bool, error) { return t.taken[id], t.fail },
		FeedExists: func(id string) (bool, error) {
			for _, f := range t.feeds {
				if f == id {
					return true, t.fail
				}
			}
			return false, t.fail
		},
	}
}

var kiwi = tables{
	feeds: map[string]string{"https://kiwi.example/rss": "kiwi"},
	taken: map[string]bool{"kiwi": true, "imported": true},
}

func feedOf(id, url string) Feed { return Feed{URL: url, Source: model.Source{ID: id}} }

func TestCheckAddFeedRefusesWithTheWhy(t *testing.T) {
	for _, c := range []struct {
		name  string
		feed  Feed
		is    error  // nil: no sentinel, only the message
		words string // what the message must name
	}{
		{"no source id", feedOf("", "https://a.example/rss"), nil, "https://a.example/rss: its source has no id"},
		{"no URL", feedOf("a", ""), nil, `"a": no feed URL`},
		{"URL subscribed", feedOf("a", "https://kiwi.example/rss"), ErrFeedExists, `is feed "kiwi"`},
		{"id of an import", feedOf("imported", "https://b.example/rss"), ErrIDTaken, `source id "imported"`},
	} {
		refused, err := CheckAddFeed(c.feed, kiwi.lookups())
		if err != nil || refused == nil {
			t.Errorf("%s: refused %v, err %v; want refused", c.name, refused, err)
			continue
		}
		if c.is != nil && !errors.Is(refused, c.is) {
			t.Errorf("%s: %v, want %v", c.name, refused, c.is)
		}
		if !strings.Contains(refused.Error(), c.words) || !strings.HasPrefix(refused.Error(), "add feed ") {
			t.Errorf("%s: %q does not say %q", c.name, refused, c.words)
		}
	}
	if refused, err := CheckAddFeed(feedOf("new", "https://new.example/rss"), kiwi.lookups()); refused != nil || err != nil {
		t.Errorf("a new feed: refused %v, err %v", refused, err)
	}
}

// A failed lookup is the store's error, never the feed's: the caller
// must not report a valid feed as refused.
func TestFeedChecksTellFailedLookupsApart(t *testing.T) {
	broken := tables{fail: errors.New("disk on fire")}
	if refused, err := CheckAddFeed(feedOf("a", "https://a.example/rss"), broken.lookups()); refused != nil || err == nil {
		t.Errorf("CheckAddFeed: refused %v, err %v; want only err", refused, err)
	}
	if refused, err := CheckPoll(FeedPollResult{ID: "a"}, broken.lookups()); refused != nil || err == nil {
		t.Errorf("CheckPoll: refused %v, err %v; want only err", refused, err)
	}
}

func TestCheckPoll(t *testing.T) {
	for _, c := range []struct {
		name string
		poll FeedPollResult
		is   error
	}{
		{"removed while polled", FeedPollResult{ID: "gone"}, ErrFeedNotFound},
		{"redirected to another feed", FeedPollResult{ID: "plum", URL: "https://kiwi.example/rss"}, ErrFeedExists},
		{"same URL", FeedPollResult{ID: "kiwi", URL: "https://kiwi.example/rss"}, nil},
		{"no new URL", FeedPollResult{ID: "kiwi"}, nil},
		{"redirected somewhere new", FeedPollResult{ID: "kiwi", URL: "https://kiwi.example/feed"}, nil},
	} {
		look := kiwi.lookups()
		if c.poll.ID == "plum" {
			look.FeedExists = func(string) (bool, error) { return true, nil }
		}
		refused, err := CheckPoll(c.poll, look)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if c.is == nil && refused != nil || c.is != nil && !errors.Is(refused, c.is) {
			t.Errorf("%s: %v, want %v", c.name, refused, c.is)
		}
		if refused != nil && !strings.HasPrefix(refused.Error(), `save poll of feed "`+c.poll.ID+`": `) {
			t.Errorf("%s: %q does not name the feed", c.name, refused)
		}
	}
}

func TestCheckPollURLRefusesAnEmptyURL(t *testing.T) {
	if err := CheckPollURL("kiwi", ""); err == nil || !strings.Contains(err.Error(), `"kiwi": empty feed URL`) {
		t.Errorf("CheckPollURL(kiwi, \"\") = %v", err)
	}
	if err := CheckPollURL("kiwi", "https://kiwi.example/rss"); err != nil {
		t.Errorf("CheckPollURL with a URL: %v", err)
	}
}
