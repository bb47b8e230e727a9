package stories

import (
	"context"
	"slices"
	"testing"
	"time"

	"tidings/model"
)

// anchorDoc is an article of the anchor tests, minutes after t0.
func anchorDoc(id int64, lang model.Language, source string, minutes int, title, desc string) Doc {
	return doc(id, lang, source, time.Duration(minutes)*time.Minute, title, desc)
}

// groupDocs groups docs, in one page, with a Grouper that has indexed
// the demo's catalogue of the day before (withBackground): a word's
// rarity means something only among many articles.
func groupDocs(t *testing.T, docs []Doc) []int64 {
	t.Helper()
	got, err := withBackground(t, 0).Group(context.Background(), nil, docs)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// Reports of one event in their own words, with a figure that changes
// hours later, share little but the event's name: they are one story
// (before anchors, each was a story of its own).
func TestAnUpdateInOtherWordsJoinsByItsName(t *testing.T) {
	docs := []Doc{
		anchorDoc(1, "en", "wire", 0, "Landslide buries homes in the Korvath valley",
			"Rescue teams were sent from the provincial capital before dawn."),
		anchorDoc(2, "en", "paper", 50, "At least nine dead after Korvath landslide",
			"Rescuers are digging through mud with their hands, officials said."),
		anchorDoc(3, "en", "daily", 240, "Korvath death toll climbs to 23 as rain hampers search",
			"Dozens of people remain missing in the valley."),
	}
	got := groupDocs(t, docs)
	if got[1] != got[0] || got[2] != got[0] {
		t.Errorf("stories %v: want one story", got)
	}
}

// Two central banks' decisions of one afternoon, told in the same words,
// are two stories: each names its own bank, which the other never does.
func TestAnotherCentralBankStaysApart(t *testing.T) {
	docs := []Doc{
		anchorDoc(1, "en", "wire", 0, "Norges Bank holds its key rate at 4.5%",
			"Norway's central bank, Norges Bank, kept borrowing costs unchanged, as expected."),
		anchorDoc(2, "en", "paper", 30, "Rates on hold in Norway as Norges Bank signals cuts later this year",
			"Governor Ida Wolden Bache said inflation was easing."),
		anchorDoc(3, "en", "daily", 90, "Czech National Bank cuts its key rate to 3.5%",
			"The central bank lowered borrowing costs for a fifth time."),
	}
	got := groupDocs(t, docs)
	if got[1] != got[0] {
		t.Errorf("the two Norges Bank reports are stories %d and %d", got[0], got[1])
	}
	if got[2] == got[0] {
		t.Errorf("%q joined the story of %q", docs[2].Title, docs[0].Title)
	}
}

// Two races of one marathon morning share the city's name and the
// race's, but each headline names its own winner: two stories.
func TestKeyNamesKeepOnePlacesTwoEventsApart(t *testing.T) {
	docs := []Doc{
		anchorDoc(1, "en", "sport", 0, "Achieng wins Brackwell marathon women's race",
			"The defending champion finished in 2:21:40."),
		anchorDoc(2, "en", "paper", 40, "Tesfaye breaks Brackwell course record",
			"The Ethiopian won the men's race in 2:05:12."),
	}
	got := groupDocs(t, docs)
	if got[0] == got[1] {
		t.Errorf("%q and %q were put in one story", docs[0].Title, docs[1].Title)
	}
}

// Two reports that name the event with two words of one family
// ("walkout", "strike") share a word of it (concepts.go), and with the
// place's name that is enough.
func TestOneKindOfEventInTwoWordsJoins(t *testing.T) {
	docs := []Doc{
		anchorDoc(1, "en", "wire", 0, "Ostrava walkout leaves travellers stranded",
			"Dozens of departures were cancelled on Tuesday morning."),
		anchorDoc(2, "en", "paper", 45, "Strike at Ostrava: what passengers need to know",
			"Unions say the stoppage will last until midnight."),
	}
	got := groupDocs(t, docs)
	if got[0] != got[1] {
		t.Errorf("%q and %q are stories %d and %d", docs[0].Title, docs[1].Title, got[0], got[1])
	}
}

// Two votes of one parliament on one day share the parliament's name,
// and a standfirst's word or the short first word of a two-word name
// ("St Kessa": a two-word name of longer words still counts twice);
// that is no second word of the event: two stories.
func TestOneParliamentsTwoVotesStayApart(t *testing.T) {
	for _, docs := range [][]Doc{{
		anchorDoc(1, "en", "wire", 0, "St Kessa lawmakers pass fisheries bill in final sitting",
			"The House of Assembly approved limits on foreign trawlers by 17 votes to 12."),
		anchorDoc(2, "en", "paper", 80, "St Kessa prime minister calls snap election for July 19",
			"Delia Marrow asked the governor to dissolve parliament two years early."),
	}, {
		anchorDoc(1, "nl", "krant", 0, "Kamer verwerpt spreidingswet voor asielzoekers",
			"Het wetsvoorstel haalde met 71 stemmen geen meerderheid."),
		anchorDoc(2, "nl", "blad", 50, "Tweede Kamer stemt in met bevriezing van de AOW-leeftijd",
			"Een meerderheid wil dat de pensioenleeftijd tot 2035 op 67 jaar blijft."),
	}} {
		got := groupDocs(t, docs)
		if got[0] == got[1] {
			t.Errorf("%q and %q were put in one story", docs[0].Title, docs[1].Title)
		}
	}
}

// Two prints of inflation the same morning, anchored by the month both
// name and a predicate in a young index, are two stories: their headlines give other
// rates, and a rate is not updated within the day as a count is.
func TestOtherRatesInTheHeadlinesStayApart(t *testing.T) {
	docs := []Doc{
		anchorDoc(1, "en", "wire", 0, "Aldmark: inflation eases to 2.9% in June",
			"Cheaper fuel pulled the rate down, the Aldmark statistics office said."),
		anchorDoc(2, "en", "paper", 115, "Inflation rises to 2.6 per cent in June",
			"Food and services drove prices higher, the statistics office said."),
		anchorDoc(3, "en", "daily", 150, "Aldmark inflation at 2.9% as fuel gets cheaper in June",
			"Economists had expected a smaller fall."),
	}
	got, err := New(0).Group(context.Background(), nil, docs)
	if err != nil {
		t.Fatal(err)
	}
	if got[1] == got[0] {
		t.Errorf("%q joined the story of %q", docs[1].Title, docs[0].Title)
	}
	if got[2] != got[0] {
		t.Errorf("%q did not join the story of %q: the same rate", docs[2].Title, docs[0].Title)
	}
}

// Two semi-finals of one evening in one stadium share the league's name
// and their words, in a young index; each report gives its own result,
// and a result is not updated as a count is: two stories. A report of
// the same match with its result joins.
func TestOtherResultsStayApart(t *testing.T) {
	docs := []Doc{
		anchorDoc(1, "fr", "sport", 0, "Top 10 : Vauclair domine Brennac et rejoint la finale",
			"Les Vauclairois se sont imposés 31-13 en demi-finale à Lyon."),
		anchorDoc(2, "fr", "journal", 70, "Vauclair écrase Brennac et file en finale du Top 10",
			"Victoire 31-13 des Vauclairois, sans trembler, en demi-finale."),
		anchorDoc(3, "fr", "matin", 250, "Top 10 : Marsan renverse Orlac et file en finale",
			"Les Marsanais l'emportent 27-24 à Lyon, en demi-finale, sur une pénalité."),
	}
	got, err := New(0).Group(context.Background(), nil, docs)
	if err != nil {
		t.Fatal(err)
	}
	if got[1] != got[0] {
		t.Errorf("%q did not join the story of %q: the same result", docs[1].Title, docs[0].Title)
	}
	if got[2] == got[0] {
		t.Errorf("%q joined the story of %q", docs[2].Title, docs[0].Title)
	}
}

// A result reads alike from either side ("88:79", "79-88"), and a rate
// however it is written ("2.5%", "2.50 per cent"); a season ("2026-27")
// is no result.
func TestResultsAndRatesAreRead(t *testing.T) {
	figs := func(lang model.Language, title string) []uint64 {
		return profileOf(&Doc{Language: lang, Title: title}).figures
	}
	if a, b := scoresOf(figs("de", "Alba gewinnt 88:79 gegen Ulm")), scoresOf(figs("de", "Ulm verliert 79-88 in Berlin")); len(a) != 1 || !slices.Equal(a, b) {
		t.Errorf("results %x and %x: want one, the same", a, b)
	}
	if s := scoresOf(figs("en", "Preview of the 2026-27 season")); len(s) != 0 {
		t.Errorf("a season read as a result: %x", s)
	}
	if a, b := ratesOf(figs("en", "Rate cut to 2.5%")), ratesOf(figs("en", "Rate at 2.50 per cent")); len(a) != 1 || !slices.Equal(a, b) {
		t.Errorf("rates %x and %x: want one, the same", a, b)
	}
	if r := ratesOf(figs("en", "Rates at 2.9% and 3.1%")); len(r) != 2 {
		t.Errorf("rates %x: want two", r)
	}
}

// Two names of a story's own in common (the scorer and the club) tie a
// report whose headline names the other side otherwise ("Tarra" for
// "Tarrasca"); one name of two words ("Liga Brava") is one name, and a
// report of another club that shares only it stays apart.
func TestTwoNamesAnchorDespiteOtherNames(t *testing.T) {
	docs := []Doc{
		anchorDoc(1, "es", "diario", 0, "El Real Corvina gana 2-1 al Tarrasca con un gol de Mbalu en el descuento",
			"El delantero marcó de cabeza en el minuto 94 en el Arenal."),
		anchorDoc(2, "es", "gaceta", 45, "Mbalu tumba al Tarra en el último suspiro",
			"El Corvina se impone en el clásico y es líder."),
		anchorDoc(3, "es", "sport", 400, "El Valdor Basket, campeón de la Liga Brava por segunda vez",
			"Los de Valdor ganan el cuarto partido de la final y cierran la serie."),
		anchorDoc(4, "es", "heraldo", 430, "Orbena vuelve a la Liga Brava un año después",
			"La ciudad celebró el ascenso con 10.000 aficionados en las gradas."),
	}
	got, err := New(0).Group(context.Background(), nil, docs)
	if err != nil {
		t.Fatal(err)
	}
	if got[1] != got[0] {
		t.Errorf("%q did not join the story of %q", docs[1].Title, docs[0].Title)
	}
	if got[3] == got[2] {
		t.Errorf("%q joined the story of %q", docs[3].Title, docs[2].Title)
	}
}
