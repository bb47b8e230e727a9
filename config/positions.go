package config

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"
)

// index maps every key the document names (dotted: "reader.country",
// tables included: "keys.reader") to the line it is on, and every array
// element to its own line ("keys.reader.next[1]"). The document has
// already decoded, so it parses.
func index(data []byte) map[string]int {
	ix := indexer{lines: make(map[string]int, len(data)/24), starts: make([]int, 1, len(data)/24+1)}
	for i, c := range data {
		if c == '\n' {
			ix.starts = append(ix.starts, i+1)
		}
	}
	ix.p.Reset(data)
	var table []string
	for ix.p.NextExpression() {
		e := ix.p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			var line int
			table, line = ix.keyPath(nil, e.Key())
			ix.setPrefixes(table, line)
		case unstable.KeyValue:
			ix.keyValue(table, e)
		}
	}
	return ix.lines
}

type indexer struct {
	p      unstable.Parser
	lines  map[string]int
	starts []int // byte offset of each line's start
}

// lineOf is the 1-based line of a node. (Parser.Shape counts from the
// start of the document on every call.)
func (ix *indexer) lineOf(n *unstable.Node) int {
	off := int(n.Raw.Offset)
	return sort.Search(len(ix.starts), func(i int) bool { return ix.starts[i] > off })
}

func (ix *indexer) keyPath(prefix []string, it unstable.Iterator) ([]string, int) {
	path := slices.Clone(prefix)
	line := 0
	for it.Next() {
		n := it.Node()
		if line == 0 {
			line = ix.lineOf(n)
		}
		path = append(path, string(n.Data))
	}
	return path, line
}

// setPrefixes records path and each table above it, keeping the first
// line each was seen on.
func (ix *indexer) setPrefixes(path []string, line int) {
	for i := 1; i <= len(path); i++ {
		k := strings.Join(path[:i], ".")
		if _, ok := ix.lines[k]; !ok {
			ix.lines[k] = line
		}
	}
}

func (ix *indexer) keyValue(table []string, kv *unstable.Node) {
	path, line := ix.keyPath(table, kv.Key())
	ix.setPrefixes(path, line)
	v := kv.Value()
	switch v.Kind {
	case unstable.InlineTable:
		for it := v.Children(); it.Next(); {
			if n := it.Node(); n.Kind == unstable.KeyValue {
				ix.keyValue(path, n)
			}
		}
	case unstable.Array:
		key := strings.Join(path, ".")
		i := 0
		for it := v.Children(); it.Next(); i++ {
			if n := it.Node(); n.Raw.Length > 0 {
				ix.lines[key+"["+strconv.Itoa(i)+"]"] = ix.lineOf(n)
			}
		}
	}
}
