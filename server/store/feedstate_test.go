package store

import "testing"

func TestFeedPollState(t *testing.T) {
	cases := []struct {
		poll FeedPoll
		want string
	}{
		{FeedPoll{}, FeedOK},
		{FeedPoll{LastError: "HTTP 500", Failures: 1}, FeedFailing},
		{FeedPoll{Failures: 2}, FeedFailing},
		{FeedPoll{Disabled: "410 Gone", LastError: "HTTP 410"}, FeedDisabled},
	}
	for _, c := range cases {
		if got := c.poll.State(); got != c.want {
			t.Errorf("%+v: %s, want %s", c.poll, got, c.want)
		}
	}
}
