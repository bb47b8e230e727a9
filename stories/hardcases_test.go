package stories

import (
	"time"

	"tidings/model"
)

// hardCase is a hand-written article and the event it reports.
type hardCase struct {
	event       int
	lang        model.Language
	source      string
	minutes     int // after hardEpoch
	title, desc string
}

var hardEpoch = time.Date(2026, 11, 20, 6, 0, 0, 0, time.UTC)

// hardCases are articles written to be hard: the same kind of event in
// the same words but another place, person or figure (different events);
// one event told in other words, in Title Case, or with one outlet naming
// the place and another the company (one event). Same language within a
// case; grouping across languages is not attempted.
var hardCases = []hardCase{
	// Two earthquakes on one morning: one template, other places and
	// magnitudes.
	{1, "en", "wire-a", 0, "Magnitude 6.1 earthquake strikes eastern Turkey", "The quake hit near Malatya at dawn, damaging buildings across the province."},
	{1, "en", "paper-b", 25, "Strong earthquake shakes eastern Turkey, buildings damaged in Malatya", "A magnitude 6.1 tremor struck before dawn, officials said."},
	{2, "en", "paper-c", 40, "Magnitude 5.8 earthquake strikes central Chile", "The quake hit near Talca, cutting power to thousands of homes."},
	{2, "en", "wire-a", 70, "Earthquake of magnitude 5.8 rattles Talca in central Chile", "Power was cut to thousands of homes, the utility said."},
	// One rate decision, in Title Case and in sentence case.
	{3, "en", "wire-a", 120, "Fed Holds Interest Rates Steady at 4.5% as Inflation Cools", "The Federal Reserve kept its benchmark rate unchanged on Wednesday."},
	{3, "en", "paper-b", 150, "Federal Reserve leaves interest rates unchanged at 4.5%", "Policymakers said inflation was cooling but remained above target."},
	// Another central bank the same day, in the same words.
	{4, "en", "paper-c", 135, "Bank of England holds interest rates steady at 4.75%", "The Monetary Policy Committee voted to keep rates unchanged on Wednesday."},
	// Two matches, one score.
	{5, "en", "sport-a", 300, "Arsenal beat Chelsea 2-1 with late winner from Saka", "Bukayo Saka scored in stoppage time at the Emirates."},
	{5, "en", "sport-b", 330, "Saka strikes late as Arsenal edge Chelsea 2-1", "A stoppage-time winner settled the London derby."},
	{6, "en", "sport-a", 310, "Liverpool beat Everton 2-1 with late winner from Salah", "Mohamed Salah scored in stoppage time at Anfield."},
	// Two ministers resign on one day over different scandals.
	{7, "en", "paper-b", 400, "Health minister Anna Berg resigns over hospital contracts scandal", "Berg said she had lost the confidence of colleagues."},
	{7, "en", "wire-a", 430, "Anna Berg quits as health minister after contracts row", "The resignation follows weeks of pressure over hospital contracts."},
	{8, "en", "paper-c", 420, "Education minister Tom Hale resigns over exam results scandal", "Hale said he took responsibility for the errors."},
	// One cyber attack: one headline names the company, one the city.
	{9, "en", "tech-a", 500, "Hackers demand ransom from Northwind Logistics after cyber attack", "Northwind Logistics said its systems in Rotterdam were disrupted."},
	{9, "en", "paper-b", 530, "Cyber attack disrupts Northwind Logistics systems in Rotterdam", "The company said deliveries were delayed across the port."},
	// German: nouns are capitalised, so capitals say nothing of names.
	{10, "de", "zeitung-a", 200, "Bundestag beschließt umstrittenes Heizungsgesetz", "Nach monatelangem Streit stimmte das Parlament am Freitag für das Gesetz."},
	{10, "de", "zeitung-b", 240, "Heizungsgesetz: Bundestag stimmt nach monatelangem Streit zu", "Das Parlament hat das umstrittene Gesetz am Freitag beschlossen."},
	{11, "de", "zeitung-c", 220, "Bundestag beschließt umstrittenes Rentengesetz", "Nach langer Debatte stimmte das Parlament am Freitag für die Reform."},
	// Arabic: no capitals at all.
	{12, "ar", "arab-a", 600, "زلزال بقوة 6.1 درجات يضرب شرق تركيا", "ضرب الزلزال قرب ملاطية فجرا وألحق أضرارا بالمباني."},
	{12, "ar", "arab-b", 640, "زلزال قوي يهز ملاطية شرق تركيا", "قالت السلطات إن الزلزال بلغت قوته 6.1 درجات."},
	{13, "ar", "arab-c", 620, "زلزال بقوة 5.8 درجات يضرب وسط تشيلي", "ضرب الزلزال قرب تالكا وقطع الكهرباء عن آلاف المنازل."},
	// French: one strike, and a strike of other workers the same day.
	{14, "fr", "journal-a", 700, "Grève à la SNCF : trafic très perturbé ce jeudi", "Les syndicats de cheminots appellent à une mobilisation nationale."},
	{14, "fr", "journal-b", 730, "Trafic perturbé ce jeudi à la SNCF en raison de la grève des cheminots", "Un train sur deux circulera sur les grandes lignes."},
	{15, "fr", "journal-c", 710, "Grève à la RATP : le métro très perturbé ce jeudi", "Les syndicats des conducteurs appellent à cesser le travail."},
}

// hardDocs returns the hard cases as Docs and their events.
func hardDocs() ([]Doc, []int) {
	docs := make([]Doc, len(hardCases))
	events := make([]int, len(hardCases))
	for i, c := range hardCases {
		docs[i] = Doc{ID: int64(i + 1), Source: c.source, Language: c.lang,
			Published: hardEpoch.Add(time.Duration(c.minutes) * time.Minute), Title: c.title, Description: c.desc}
		events[i] = c.event
	}
	return docs, events
}
