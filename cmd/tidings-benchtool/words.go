package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"strings"
	"unicode"

	_ "modernc.org/sqlite" // the catalogue is SQLite
)

// ctxBG is the context of the catalogue queries: the tool runs once and
// is stopped by its caller.
var ctxBG = context.Background()

// wordsCmd prints the n words in the most articles (letters only, at least
// four of them), comma-separated: the "common words" the search classes
// rotate through.
func wordsCmd(args []string) error {
	fs := flag.NewFlagSet("words", flag.ContinueOnError)
	dbPath := fs.String("db", "", "catalogue database (tidings import --db)")
	n := fs.Int("n", 40, "how many words")
	if err := fs.Parse(args); err != nil {
		return err
	}
	db, err := sql.Open("sqlite", "file:"+*dbPath+"?mode=ro")
	if err != nil {
		return err
	}
	defer db.Close()
	conn, err := db.Conn(ctxBG)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctxBG, "CREATE VIRTUAL TABLE temp.v USING fts5vocab(main, articles_fts, 'row')"); err != nil {
		return fmt.Errorf("open the vocabulary: %w", err)
	}
	// fts5vocab has no index by count: this reads the whole vocabulary
	// once (seconds at a million articles).
	rows, err := conn.QueryContext(ctxBG, "SELECT term FROM temp.v ORDER BY doc DESC LIMIT ?", *n*4+500)
	if err != nil {
		return err
	}
	defer rows.Close()
	var out []string
	for rows.Next() && len(out) < *n {
		var t string
		if err := rows.Scan(&t); err != nil {
			return err
		}
		if len([]rune(t)) >= 4 && strings.IndexFunc(t, func(r rune) bool { return !unicode.IsLetter(r) }) < 0 {
			out = append(out, t)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(out) == 0 {
		return fmt.Errorf("no words in %s", *dbPath)
	}
	phrases, err := titlePhrases(conn, *n)
	if err != nil {
		return err
	}
	fmt.Println(strings.Join(out, ","))
	fmt.Println(strings.Join(phrases, ","))
	return nil
}

// titlePhrases are n two-word phrases from the newest titles: searches for
// them as quoted phrases find at least their own article.
func titlePhrases(conn *sql.Conn, n int) ([]string, error) {
	rows, err := conn.QueryContext(ctxBG, "SELECT title FROM articles ORDER BY id DESC LIMIT ?", n*20)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	seen := map[string]bool{}
	var out []string
	for rows.Next() && len(out) < n {
		var title string
		if err := rows.Scan(&title); err != nil {
			return nil, err
		}
		words := strings.FieldsFunc(title, func(r rune) bool { return !unicode.IsLetter(r) })
		for i := 0; i+1 < len(words); i++ {
			if len([]rune(words[i])) >= 4 && len([]rune(words[i+1])) >= 4 {
				p := strings.ToLower(words[i] + " " + words[i+1])
				if !seen[p] {
					seen[p] = true
					out = append(out, p)
				}
				break
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no two-word phrases in the titles")
	}
	return out, rows.Err()
}
