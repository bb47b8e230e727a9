package api

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// FuzzFastDecodeAgrees checks that the one-pass decoder reads every body
// exactly as the tolerant one does: same header, same articles, same
// error. Seeds: every fixture and every stored articles fuzz input, plus
// the shapes where the two paths part (null and non-object elements,
// string sources, a top-level null).
func FuzzFastDecodeAgrees(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "*.json"))
	for _, p := range paths {
		f.Add(fixture(f, filepath.Base(p)))
	}
	f.Add([]byte(`null`))
	f.Add([]byte(`{"articles":[null,{},"x",{"source":"Name"},{"source":null,"title":"t"}]}`))
	f.Add([]byte(`{"status":"ok","articles":[{"source":{"id":1,"name":["n"]},"title":"\u00e9\"q\""}]}`))
	f.Add([]byte(`{"status":"ok","articles":{}}`))
	f.Add([]byte(`{"status":"ok","articles":[{"source":[1]}]} `))
	f.Add([]byte(`{"articles":[{"source":{"id":"a"},"source":{"name":"b"}},{"source":{"id":"a"},"source":null}]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		h1, items1, list1, err1 := readArticles(body)
		h2, items2, list2, err2 := readArticlesTolerant(body)
		if (err1 == nil) != (err2 == nil) || err1 != nil && err1.Error() != err2.Error() {
			t.Fatalf("errors differ: fast %v, tolerant %v", err1, err2)
		}
		if !reflect.DeepEqual(h1, h2) || list1 != list2 || len(items1) != len(items2) {
			t.Fatalf("envelopes differ: fast %+v %v %d, tolerant %+v %v %d", h1, list1, len(items1), h2, list2, len(items2))
		}
		for i := range items1 {
			if !sameArticle(items1[i], items2[i]) {
				t.Fatalf("item %d: fast %+v, tolerant %+v", i, items1[i], items2[i])
			}
		}
	})
}

// TestFastDecodeTakesTheCommonShape guards the benchmark's premise: a
// page of objects with object sources is read in one pass.
func TestFastDecodeTakesTheCommonShape(t *testing.T) {
	if _, _, _, ok := decodeArticlesFast(articlesBody(t, 3)); !ok {
		t.Fatal("a well-formed page fell back to the tolerant decoder")
	}
	body, err := os.ReadFile(filepath.Join("testdata", "articles_odd_types.json"))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, _, ok := decodeArticlesFast(body); ok {
		t.Fatal("non-object elements were read by the one-pass decoder")
	}
}
