package api_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"time"

	"tidings/api"
	"tidings/model"
)

// newsService is a tiny stand-in for a real service, for the examples.
func newsService() *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer demo-key" {
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprint(w, `{"status":401,"code":"UNAUTHORIZED","message":"invalid API key"}`)
			return
		}
		fmt.Fprint(w, `{"status":"ok","totalResults":1,"page":1,"pageSize":20,"articles":[
			{"source":{"id":"bbc-news","name":"BBC News"},"author":null,"title":"Storm closes ports",
			 "url":"https://www.bbc.co.uk/news/1","publishedAt":"2026-11-20T08:00:00Z"}]}`)
	}))
}

func Example() {
	srv := newsService()
	defer srv.Close()

	client, err := api.New(srv.URL+"/v2", "demo-key", api.WithVersion("1.0.0"))
	if err != nil {
		fmt.Println(err)
		return
	}
	page, err := client.LatestHeadlines(context.Background(), model.HeadlinesQuery{Country: "gb"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, a := range page.Items {
		fmt.Println(a.PublishedAt.Format(time.DateOnly), a.Source.Name+":", a.Title)
	}
	fmt.Println("more pages:", page.HasMore())
	// Output:
	// 2026-11-20 BBC News: Storm closes ports
	// more pages: false
}

// How a caller tells the kinds of failure apart.
func Example_errors() {
	srv := newsService()
	defer srv.Close()

	client, _ := api.New(srv.URL+"/v2", "wrong-key")
	_, err := client.Articles(context.Background(), model.ArticlesQuery{Q: "storm"})
	if wait, limited := api.RetryAfter(err); limited {
		fmt.Println("rate limited; retry in", wait)
	}
	switch {
	case errors.Is(err, context.Canceled):
		// The caller gave up; nothing to show.
	case errors.Is(err, api.ErrUnauthorized):
		fmt.Println("check the API key:", err)
	case err != nil:
		fmt.Println(err)
	}

	var invalid *model.ValidationError
	_, err = client.Articles(context.Background(), model.ArticlesQuery{Q: "storm", PageSize: 500})
	if errors.As(err, &invalid) {
		fmt.Println("not sent:", invalid.Param, "-", invalid)
	}
	// Output:
	// check the API key: service error 401 UNAUTHORIZED: invalid API key
	// not sent: pageSize - pageSize exceeds the maximum allowed value of 100
}
