package articles

// pack moves the text of a page's items into one allocation, each string
// field becoming a slice of it, equal strings of the page sharing one
// copy (a source's name, a link kept as Link and as the key).
//
// Why: a list keeps its items for as long as it is open, while the page's
// JSON and decoding garbage die at once. Decoded one field at a time,
// the items' ~13 strings an article were small objects scattered through
// the same spans as that garbage, so the garbage's spans could not go
// back to the system: with 10,000 articles loaded the reader's heap held
// about 17 MB for 12 MB of live data. Packed, a page's text is one
// piece of a slab (slab.go; issue 31).
//
// The items' cold strings (content, image link, author, source id: cold[i]
// is items[i]'s) go into one block of the page (cold.go), deflated if
// deflate is set.
func pack(items []Item, cold []coldText, deflate bool) {
	block := newColdBlock(cold, deflate)
	for i := range items {
		items[i].cold = coldRef{block: block, i: int32(i)}
	}
	offsets := make(map[string]int, 4*len(items)) // where each distinct string starts
	var distinct []string
	size := 0
	for i := range items {
		for _, f := range fields(&items[i]) {
			if _, ok := offsets[*f]; !ok && *f != "" {
				offsets[*f] = size
				distinct = append(distinct, *f)
				size += len(*f)
			}
		}
	}
	text := keepString(distinct, size)
	for i := range items {
		for _, f := range fields(&items[i]) {
			if *f != "" {
				start := offsets[*f]
				*f = text[start : start+len(*f)]
			}
		}
	}
}

// fields are the string fields of an Item that pack moves.
func fields(it *Item) [7]*string {
	return [7]*string{&it.Title, &it.Source, &it.Description, &it.Link, &it.StoryID, &it.ID, &it.key}
}
