package stories

import "tidings/lazy"

// Outlets name one kind of happening with several words: "strike" and
// "walkout", "quake" and "earthquake", "blaze" and "wildfire", "Streik"
// and "Warnstreik", "huelga", "grève". A word of one of these small,
// general families (the commonest kinds of news event, in the languages
// the service's feeds mostly write in; nothing of any evaluation set's
// names) also gives its family as a word of its own, so that two
// reports that name the event differently still share a word of it.
// Keys are stems as the tokenizer cuts them (folded, six letters).
var concepts = lazy.Value[map[uint64]uint64]{Build: func() map[uint64]uint64 {
	m := map[uint64]uint64{}
	for family, stems := range map[string][]string{
		"~quake":  {"quake", "earthq", "tremor", "erdbeb", "beben", "seisme", "trembl", "terrem", "sismo", "seismo", "sisma", "scossa"},
		"~strike": {"strike", "walkou", "streik", "warnst", "aussta", "greve", "debray", "huelga", "huelgu", "sciope"},
		"~fire":   {"fire", "wildfi", "blaze", "flames", "brand", "waldbr", "feuer", "flamme", "incend", "feu", "fuego", "llamas", "fiamme", "rogo"},
		"~flood":  {"flood", "floods", "floodw", "floodi", "hochwa", "flut", "ubersc", "inonda", "crue", "crues", "inunda", "riada", "alluvi", "allaga", "esonda"},
		"~storm":  {"storm", "storms", "gale", "gales", "hurric", "typhoo", "cyclon", "sturm", "unwett", "orkan", "tempet", "orage", "tormen", "borras", "tempes", "maltem", "nubifr"},
		"~dead":   {"dead", "death", "deaths", "killed", "kills", "toll", "tote", "toten", "todeso", "morts", "mort", "deces", "muerto", "muerta", "fallec", "morti", "morto", "vittim"},
	} {
		h := hashString(family)
		for _, s := range stems {
			m[hashString(s)] = h
		}
	}
	return m
}}
