package postgres

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"tidings/model"
)

// A search under the cap reads its matches through the GIN index and
// sorts them (plan, few); at the cap it walks newest first. Both plans
// give the same pages, deep ones (past an anchor) and ranked ones too.
func TestBothPlansGiveTheSamePages(t *testing.T) {
	defer func(n int64) { anchorStep = n }(anchorStep)
	anchorStep = 7
	st := openTest(t)
	ctx := context.Background()
	var arts []model.Article
	for i := range 60 {
		title := fmt.Sprintf("story %d", i)
		if i%3 == 0 {
			title += " harbour"
		}
		a := art("s", fmt.Sprintf("https://s.example/%d", i), title, "", "", i)
		a.PublishedAt = a.PublishedAt.Add(time.Duration(i%5) * time.Minute)
		arts = append(arts, a)
	}
	if err := st.Add(ctx, []model.Source{{ID: "s", Name: "S", Language: "en"}}, arts); err != nil {
		t.Fatal(err)
	}
	sr, err := st.newSearch(ctx, model.ArticlesQuery{Q: "harbour"})
	if err != nil {
		t.Fatal(err)
	}
	read := func(few bool, limit, offset int64) []string {
		w := sr.w.clone()
		w.few = few
		st.gen.Add(1) // no cached anchors across the two plans
		items, err := st.newestFirst(ctx, w, limit, offset)
		if err != nil {
			t.Fatal(err)
		}
		return titles(model.Page[model.Article]{Items: items})
	}
	for _, p := range [][2]int64{{5, 0}, {5, 5}, {4, 15}, {10, 18}} {
		walk, bitmap := read(false, p[0], p[1]), read(true, p[0], p[1])
		if !reflect.DeepEqual(walk, bitmap) || len(walk) == 0 {
			t.Errorf("limit %d offset %d: walk %q, GIN and sort %q", p[0], p[1], walk, bitmap)
		}
	}
	rank := func(few bool) []int64 {
		s := sr
		s.w = sr.w.clone()
		s.w.few = few
		st.gen.Add(1)
		ids, err := st.rankedWindow(ctx, s, "ts_rank_cd("+relevanceWeights+", a.tsv, "+sr.tsq+")")
		if err != nil {
			t.Fatal(err)
		}
		return ids
	}
	if walk, bitmap := rank(false), rank(true); !reflect.DeepEqual(walk, bitmap) || len(walk) != 20 {
		t.Errorf("ranked window: walk %v, GIN and sort %v", walk, bitmap)
	}
}
