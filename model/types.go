package model

import "time"

// Source is a news outlet (spec 2.1). Category, Language and Country are
// lower case, as in the spec's sample responses.
type Source struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Description string   `json:"description"`
	URL         string   `json:"url"`
	Category    Category `json:"category"`
	Language    Language `json:"language"`
	Country     Country  `json:"country"`
}

// SourceRef is the short form of a source carried inside an article.
type SourceRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Article is one news item (spec 2.2). Any string may be empty: real
// services send null for author, image and content. PublishedAt is the zero
// time when the service sent none or an unreadable one.
type Article struct {
	Source      SourceRef `json:"source"`
	Author      string    `json:"author"`
	Title       string    `json:"title"`
	Description string    `json:"description"`
	URL         string    `json:"url"`
	URLToImage  string    `json:"urlToImage"`
	PublishedAt time.Time `json:"publishedAt"`
	Content     string    `json:"content"`
	// StoryID and StorySize are our service's extension (not the spec's):
	// the story the article belongs to (articles of several sources that
	// report the same event) and how many distinct sources that story
	// has. Empty and 0 when the service does not group articles.
	StoryID   string `json:"storyId,omitempty"`
	StorySize int    `json:"storySize,omitempty"`
	// ID, Read and Starred are our marks extension (docs/marks.md): the
	// service's id of the article (a decimal int64) and, on a service
	// that keeps marks, whether the key asking has read or starred it.
	// Empty and false elsewhere.
	ID      string `json:"id,omitempty"`
	Read    bool   `json:"read,omitempty"`
	Starred bool   `json:"starred,omitempty"`
}

// Page is one page of a list endpoint's results (spec 2.3).
type Page[T any] struct {
	Items        []T
	TotalResults int
	Page         int
	PageSize     int
	// UnreadResults is how many articles of the whole list the key asking
	// has not read, when UnreadKnown: our marks extension's
	// "unreadResults" (docs/marks.md).
	UnreadResults int
	UnreadKnown   bool
}

// TotalPages is the number of pages TotalResults fills at PageSize.
func (p Page[T]) TotalPages() int {
	if p.PageSize <= 0 || p.TotalResults <= 0 {
		return 0
	}
	return (p.TotalResults + p.PageSize - 1) / p.PageSize
}

// HasMore reports whether a page after this one can hold results. An empty
// page always ends the list, whatever the total claims: services whose total
// overstates what they serve must not make a reader fetch forever.
func (p Page[T]) HasMore() bool {
	if len(p.Items) == 0 {
		return false
	}
	return p.Page < p.TotalPages()
}
