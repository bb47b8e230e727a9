package cmdline

import (
	"errors"
	"fmt"
	"os"
	"strings"
)

// Split splits a command line into words as a shell would for the
// simple cases, without running one:
//
//   - unquoted spaces and tabs separate words;
//   - '…' keeps everything inside as it is;
//   - "…" keeps everything inside as it is, but \" is " and \\ is \;
//   - outside quotes, \ makes the next character ordinary;
//   - an unquoted ~/ at the start of a word is the home directory.
//
// Unquoted shell syntax that would mean something else to a shell (| & ;
// < > ( ) $ `) is an error rather than an argument, and so is an
// unterminated quote.
func Split(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	r := []rune(s)
	for i := 0; i < len(r); i++ {
		c := r[i]
		switch {
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\n' || c == '\r':
			return nil, errors.New("the command must be one line")
		case c == '\'':
			j := i + 1
			for j < len(r) && r[j] != '\'' {
				j++
			}
			if j == len(r) {
				return nil, errors.New("unterminated ' quote")
			}
			cur.WriteString(string(r[i+1 : j]))
			inWord, i = true, j
		case c == '"':
			j := i + 1
			for ; j < len(r) && r[j] != '"'; j++ {
				if r[j] == '\\' && j+1 < len(r) && (r[j+1] == '"' || r[j+1] == '\\') {
					j++
				}
				cur.WriteRune(r[j])
			}
			if j == len(r) {
				return nil, errors.New(`unterminated " quote`)
			}
			inWord, i = true, j
		case c == '\\':
			if i+1 == len(r) {
				return nil, errors.New(`\ at the end of the command`)
			}
			i++
			cur.WriteRune(r[i])
			inWord = true
		case strings.ContainsRune("|&;<>()$`", c):
			return nil, fmt.Errorf("shell syntax %q is not supported", c)
		case c == '~' && !inWord && i+1 < len(r) && r[i+1] == '/':
			home, err := os.UserHomeDir()
			if err != nil {
				return nil, fmt.Errorf("~/ without a home directory: %w", err)
			}
			cur.WriteString(home)
			inWord = true
		default:
			cur.WriteRune(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	if len(words) == 0 {
		return nil, errors.New("empty command")
	}
	return words, nil
}
