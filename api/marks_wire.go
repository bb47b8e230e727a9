package api

import (
	"strconv"

	"tidings/model"
)

// flag is a JSON boolean of our marks extension; anything but true
// (false, null, a string) reads as false.
type flag bool

// UnmarshalJSON implements json.Unmarshaler.
func (f *flag) UnmarshalJSON(b []byte) error {
	*f = string(b) == "true"
	return nil
}

// setMarks copies the marks extension's fields onto a: the id when it is
// one (a decimal int64, as tidings serve sends), read and starred as
// sent. A service without the extension leaves all three empty.
func (w *articleFields) setMarks(a *model.Article) {
	if id := string(w.ID); validArticleID(id) {
		a.ID = id
	}
	a.Read, a.Starred = bool(w.Read), bool(w.Starred)
}

// validArticleID reports whether id is an article id of the extension.
func validArticleID(id string) bool {
	_, err := strconv.ParseInt(id, 10, 64)
	return err == nil && len(id) <= 20
}

// unread is the envelope's unreadResults, when the service sent one.
func (h envelopeHeader) unread() (int, bool) {
	if !h.UnreadResults.ok {
		return 0, false
	}
	return h.UnreadResults.n, true
}
