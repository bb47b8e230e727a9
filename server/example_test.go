package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"tidings/model"
	"tidings/server"
	"tidings/server/store/sqlite"
)

// Example wires a store, the handler and a background server the way the
// reader's demo mode does.
func Example() {
	ctx := context.Background()
	st, err := sqlite.Open("") // in memory
	if err != nil {
		panic(err)
	}
	defer st.Close()
	sources := []model.Source{{ID: "wire", Name: "The Wire", Category: "general", Language: "en", Country: "us"}}
	if err := st.Add(ctx, sources, nil); err != nil {
		panic(err)
	}
	h, err := server.New(st, server.Config{APIKeys: []string{"demo-key"}, RateLimit: 600})
	if err != nil {
		panic(err)
	}
	baseURL, stop, err := server.Start(ctx, "127.0.0.1:0", h)
	if err != nil {
		panic(err)
	}
	defer stop(ctx)

	req, _ := http.NewRequestWithContext(ctx, "GET", baseURL+"/sources?country=US", nil)
	req.Header.Set("Authorization", "Bearer demo-key")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	var body struct {
		Status       string         `json:"status"`
		TotalResults int            `json:"totalResults"`
		Sources      []model.Source `json:"sources"`
	}
	json.NewDecoder(resp.Body).Decode(&body)
	fmt.Println(resp.StatusCode, body.Status, body.TotalResults, body.Sources[0].Name)
	// Output: 200 ok 1 The Wire
}
