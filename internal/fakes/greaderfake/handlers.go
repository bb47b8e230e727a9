package greaderfake

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

const (
	longPrefix  = "tag:google.com,2005:reader/item/"
	statePrefix = "user/-/state/com.google/"
)

func (s *Server) clientLogin(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost && s.Flavor == Miniflux {
		http.Error(w, "Method Not Allowed", http.StatusMethodNotAllowed)
		return
	}
	email, pass := r.Form.Get("Email"), r.Form.Get("Passwd")
	if s.Flavor == FreshRSS && strings.ContainsAny(email, " /") {
		s.badRequest(w) // FreshRSS checks the user name's shape first
		return
	}
	if email != s.User || pass != s.Password || pass == "" {
		s.unauthorized(w)
		return
	}
	s.Logins++
	lsid := "null" // FreshRSS writes null for Vienna RSS
	if s.Flavor == Miniflux {
		lsid = s.authToken()
	}
	w.Header().Set("Content-Type", "text/plain; charset=UTF-8")
	fmt.Fprintf(w, "SID=%s\nLSID=%s\nAuth=%s\n", s.authToken(), lsid, s.authToken())
}

func (s *Server) authorized(r *http.Request) bool {
	if s.ExpireAuth {
		s.ExpireAuth = false
		return false
	}
	header := strings.TrimPrefix(r.Header.Get("Authorization"), "GoogleLogin auth=")
	if r.Method == http.MethodPost {
		t := r.PostForm.Get("T")
		if s.Flavor == Miniflux {
			return t == s.authToken() // Miniflux reads T alone on POSTs
		}
		// FreshRSS accepts "" (FeedMe) and "x" (Reeder) as well.
		return header == s.authToken() && (t == "" || t == "x" || t == s.actionToken())
	}
	return header == s.authToken()
}

func (s *Server) unauthorized(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/plain; charset=UTF-8")
	if s.Flavor == Miniflux {
		w.Header().Set("X-Reader-Google-Bad-Token", "true")
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprint(w, "Unauthorized")
		return
	}
	w.Header().Set("Google-Bad-Token", "true")
	w.WriteHeader(http.StatusUnauthorized)
	fmt.Fprint(w, "Unauthorized!")
}

func (s *Server) badRequest(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/plain; charset=UTF-8")
	w.WriteHeader(http.StatusBadRequest)
	fmt.Fprint(w, "Bad Request!")
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	_ = json.NewEncoder(w).Encode(v)
}

func (s *Server) route(w http.ResponseWriter, r *http.Request, rest string) {
	jsonOnly := map[string]bool{"subscription/list": true, "tag/list": true, "unread-count": true}
	if jsonOnly[rest] && r.Form.Get("output") != "json" {
		w.WriteHeader(http.StatusNotImplemented)
		fmt.Fprint(w, "Not Implemented!")
		return
	}
	switch {
	case rest == "token":
		fmt.Fprintln(w, s.actionToken())
	case rest == "user-info":
		writeJSON(w, map[string]string{"userId": s.User, "userName": s.User, "userProfileId": s.User, "userEmail": ""})
	case rest == "subscription/list":
		s.subscriptionList(w)
	case rest == "tag/list":
		s.tagList(w)
	case rest == "unread-count":
		s.unreadCount(w)
	case rest == "stream/items/ids" && r.Method == http.MethodGet:
		s.itemIDs(w, r)
	case rest == "stream/items/contents" && r.Method == http.MethodPost:
		s.contents(w, r)
	case rest == "edit-tag" && r.Method == http.MethodPost:
		s.editTag(w, r)
	case rest == "mark-all-as-read" && r.Method == http.MethodPost:
		s.markAllAsRead(w, r)
	case s.Flavor == Miniflux:
		writeJSON(w, []string{}) // Miniflux's fallback for what it lacks
	default:
		s.badRequest(w)
	}
}

// labelID is a label's stream id as the flavour writes it.
func (s *Server) labelID(name string) string {
	if s.Flavor == Miniflux {
		return "user/1/label/" + name
	}
	return "user/-/label/" + name
}

func (s *Server) subscriptionList(w http.ResponseWriter) {
	subs := []map[string]any{}
	for _, f := range s.Feeds {
		cats := []map[string]string{}
		if f.Label != "" {
			cats = append(cats, map[string]string{"id": s.labelID(f.Label), "label": f.Label})
		}
		subs = append(subs, map[string]any{"id": fmt.Sprintf("feed/%d", f.ID), "title": f.Title,
			"categories": cats, "url": f.URL, "htmlUrl": f.SiteURL, "iconUrl": ""})
	}
	writeJSON(w, map[string]any{"subscriptions": subs})
}

func (s *Server) tagList(w http.ResponseWriter) {
	tags := []map[string]string{{"id": "user/-/state/com.google/starred"}}
	seen := map[string]bool{}
	for _, f := range s.Feeds {
		if f.Label != "" && !seen[f.Label] {
			seen[f.Label] = true
			tags = append(tags, map[string]string{"id": s.labelID(f.Label), "label": f.Label, "type": "folder"})
		}
	}
	writeJSON(w, map[string]any{"tags": tags})
}

func (s *Server) unreadCount(w http.ResponseWriter) {
	if s.Flavor == Miniflux {
		writeJSON(w, []string{}) // not implemented: the fallback answers
		return
	}
	perFeed, perLabel, total := map[int]int{}, map[string]int{}, 0
	for _, it := range s.Items {
		if !it.Read {
			perFeed[it.Feed]++
			total++
			if f := s.feed(it.Feed); f != nil && f.Label != "" {
				perLabel[f.Label]++
			}
		}
	}
	counts := []map[string]any{}
	for _, f := range s.Feeds {
		counts = append(counts, map[string]any{"id": fmt.Sprintf("feed/%d", f.ID), "count": perFeed[f.ID], "newestItemTimestampUsec": "0"})
	}
	for name, n := range perLabel {
		counts = append(counts, map[string]any{"id": "user/-/label/" + name, "count": n, "newestItemTimestampUsec": "0"})
	}
	counts = append(counts, map[string]any{"id": statePrefix + "reading-list", "count": total, "newestItemTimestampUsec": "0"})
	writeJSON(w, map[string]any{"max": total, "unreadcounts": counts})
}

// inStream is whether an item belongs to stream (state streams in either
// spelling); listing is for stream/items/ids, where Miniflux has no labels.
func (s *Server) inStream(it *Item, stream string, listing bool) (bool, error) {
	if i := strings.Index(stream, "/state/com.google/"); strings.HasPrefix(stream, "user/") && i >= 0 {
		switch stream[i+len("/state/com.google/"):] {
		case "reading-list":
			return true, nil
		case "read":
			return it.Read, nil
		case "starred":
			return it.Starred, nil
		}
		return false, fmt.Errorf("unknown state %s", stream)
	}
	if id, ok := strings.CutPrefix(stream, "feed/"); ok {
		return fmt.Sprint(it.Feed) == id, nil
	}
	if i := strings.Index(stream, "/label/"); strings.HasPrefix(stream, "user/") && i >= 0 {
		if s.Flavor == Miniflux && listing {
			return false, fmt.Errorf("googlereader: unknown stream type Label")
		}
		f := s.feed(it.Feed)
		return f != nil && f.Label == stream[i+len("/label/"):], nil
	}
	return false, fmt.Errorf("unknown stream %s", stream)
}

func (s *Server) itemIDs(w http.ResponseWriter, r *http.Request) {
	q := r.Form
	n := 20
	if v := q.Get("n"); v != "" {
		n, _ = strconv.Atoi(v)
	}
	s.Calls[len(s.Calls)-1].N = n
	if s.Flavor == Miniflux {
		n = min(n, 10_000) // MaxEntryIDsLimit
	}
	var picked []*Item
	for _, it := range s.sorted() {
		in, err := s.inStream(it, q.Get("s"), true)
		if err != nil {
			http.Error(w, `{"error_message":"`+err.Error()+`"}`, http.StatusInternalServerError)
			return
		}
		if !in || (q.Get("xt") == "user/-/state/com.google/read" && it.Read) {
			continue
		}
		if it2 := q.Get("it"); it2 != "" && s.Flavor == FreshRSS {
			if in, _ := s.inStream(it, it2, true); !in {
				continue
			}
		}
		if nt, _ := strconv.ParseInt(q.Get("nt"), 10, 64); nt > 0 && it.Published.Unix() > nt {
			continue
		}
		if ot, _ := strconv.ParseInt(q.Get("ot"), 10, 64); ot > 0 && it.Published.Unix() < ot {
			continue
		}
		picked = append(picked, it)
	}
	refs, cont := s.page(picked, q.Get("c"), n)
	out := map[string]any{"itemRefs": refs}
	if cont != "" {
		out["continuation"] = cont
	}
	writeJSON(w, out)
}

// page cuts n items after the continuation c, as the flavour pages.
func (s *Server) page(items []*Item, c string, n int) ([]map[string]string, string) {
	from := 0
	if s.Flavor == FreshRSS && c != "" {
		last, _ := strconv.ParseInt(c, 10, 64)
		for from < len(items) && items[from].ID >= last {
			from++
		}
	} else if c != "" {
		from, _ = strconv.Atoi(c)
	}
	from = min(from, len(items))
	to := min(from+n, len(items))
	refs := []map[string]string{}
	for _, it := range items[from:to] {
		refs = append(refs, map[string]string{"id": strconv.FormatInt(it.ID, 10)})
	}
	switch {
	case s.Flavor == FreshRSS && len(refs) >= n && len(refs) > 0:
		return refs, refs[len(refs)-1]["id"] // even when nothing follows
	case s.Flavor == Miniflux && to < len(items):
		return refs, strconv.Itoa(to)
	}
	return refs, ""
}

// parseID reads an item id as the flavour does: FreshRSS takes digits
// not starting with 0 as decimal, anything else as hex after the last
// "/"; Miniflux takes the long form and any 16 characters as hex first.
func (s *Server) parseID(v string) (int64, bool) {
	if h, ok := strings.CutPrefix(v, longPrefix); ok {
		n, err := strconv.ParseInt(h, 16, 64)
		return n, err == nil
	}
	digits := v != "" && strings.Trim(v, "0123456789") == ""
	if s.Flavor == FreshRSS && digits && v[0] != '0' {
		n, err := strconv.ParseInt(v, 10, 64)
		return n, err == nil
	}
	if s.Flavor == Miniflux && len(v) == 16 {
		if n, err := strconv.ParseInt(v, 16, 64); err == nil {
			return n, true
		}
	}
	if s.Flavor == FreshRSS {
		n, err := strconv.ParseInt(v[strings.LastIndex(v, "/")+1:], 16, 64)
		return n, err == nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	return n, err == nil
}

func (s *Server) itemsOf(r *http.Request) []*Item {
	ids := r.PostForm["i"]
	s.Calls[len(s.Calls)-1].IDs = len(ids)
	var out []*Item
	for _, v := range ids {
		if id, ok := s.parseID(v); ok {
			if it := s.Item(id); it != nil {
				out = append(out, it)
			}
		}
	}
	return out
}

func (s *Server) contents(w http.ResponseWriter, r *http.Request) {
	picked := map[int64]bool{}
	for _, it := range s.itemsOf(r) {
		picked[it.ID] = true
	}
	items := []map[string]any{}
	for _, it := range s.sorted() { // both answer in date order, not the asked order
		if picked[it.ID] {
			items = append(items, s.itemJSON(it))
		}
	}
	writeJSON(w, map[string]any{"id": statePrefix + "reading-list", "updated": time.Now().Unix(), "items": items})
}

func (s *Server) itemJSON(it *Item) map[string]any {
	f := s.feed(it.Feed)
	state := statePrefix
	if s.Flavor == Miniflux {
		state = "user/1/state/com.google/"
	}
	cats := []string{state + "reading-list"}
	if f != nil && f.Label != "" {
		cats = append(cats, s.labelID(f.Label))
	}
	if it.Read {
		cats = append(cats, state+"read")
	}
	if it.Starred {
		cats = append(cats, state+"starred")
	}
	out := map[string]any{
		"id":            fmt.Sprintf("%s%016x", longPrefix, it.ID),
		"crawlTimeMsec": strconv.FormatInt(it.Published.UnixMilli(), 10),
		"timestampUsec": strconv.FormatInt(it.Published.UnixMicro(), 10),
		"published":     it.Published.Unix(),
		"title":         it.Title,
		"canonical":     []map[string]string{{"href": it.URL}},
		"categories":    cats,
		"origin":        map[string]string{"streamId": fmt.Sprintf("feed/%d", it.Feed), "title": f.Title, "htmlUrl": f.SiteURL},
		"summary":       map[string]string{"content": it.Content},
	}
	if it.Author != "" {
		out["author"] = it.Author
	}
	if s.Flavor == Miniflux {
		out["alternate"] = []map[string]string{{"href": it.URL, "type": "text/html"}}
		out["content"] = map[string]string{"direction": "ltr", "content": it.Content}
		out["enclosure"] = []map[string]string{}
	} else {
		out["alternate"] = []map[string]string{{"href": it.URL}}
	}
	return out
}

func (s *Server) editTag(w http.ResponseWriter, r *http.Request) {
	add, remove := r.PostForm.Get("a"), r.PostForm.Get("r")
	for _, it := range s.itemsOf(r) {
		for tag, on := range map[string]bool{add: true, remove: false} {
			switch {
			case tag == "":
			case strings.HasSuffix(tag, "/state/com.google/read"):
				it.Read = on
			case strings.HasSuffix(tag, "/state/com.google/starred"):
				it.Starred = on
			}
		}
	}
	fmt.Fprint(w, "OK")
}

func (s *Server) markAllAsRead(w http.ResponseWriter, r *http.Request) {
	stream := r.PostForm.Get("s")
	ts, err := strconv.ParseInt(strings.TrimSpace(r.PostForm.Get("ts")), 10, 64)
	if err != nil && r.PostForm.Get("ts") != "" {
		s.badRequest(w)
		return
	}
	if strings.HasSuffix(stream, "/state/com.google/starred") {
		if s.Flavor == FreshRSS {
			s.badRequest(w)
		} else {
			fmt.Fprint(w, "OK") // Miniflux's switch has no case for it: nothing happens
		}
		return
	}
	covered := func(it *Item) bool {
		if s.Flavor == FreshRSS {
			return ts == 0 || it.ID <= ts // FreshRSS compares ts with its ids
		}
		if len(r.PostForm.Get("ts")) >= 16 {
			return !it.Published.After(time.UnixMicro(ts))
		}
		return ts <= 0 || !it.Published.After(time.Unix(ts, 0))
	}
	for _, it := range s.Items {
		if in, err := s.inStream(it, stream, false); err == nil && in && covered(it) {
			it.Read = true
		}
	}
	fmt.Fprint(w, "OK")
}
