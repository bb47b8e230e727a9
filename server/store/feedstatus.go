package store

import "tidings/model"

// FeedStatusOf is f as GET /v2/feeds and the reader's Feeds screen show
// it: its identity, its article count and how its polling stands.
func FeedStatusOf(f Feed) model.FeedStatus {
	s := model.FeedStatus{
		ID: f.Source.ID, Name: f.Source.Name, URL: f.URL, Articles: f.Articles,
		LastAttempt: f.Poll.LastAttempt, LastSuccess: f.Poll.LastSuccess, LastError: f.Poll.LastError,
		Failures: f.Poll.Failures, NextPoll: f.Poll.NextPoll, Disabled: f.Poll.Disabled,
	}
	s.Status = s.State()
	return s
}
