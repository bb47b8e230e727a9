package demo

import "tidings/model"

// bankSE writes Swedish ("se" in the spec's list) for outlets in Sweden.
var bankSE = &bank{
	lang: "se", decimal: ",", thousand: " ", score: "–",
	outlets: []outlet{
		o("Mälardalens Tidning", gen, "se"), o("Norrlandskuriren", gen, "se"),
		o("Affärsvärlden Syd", biz, "se"), o("Sportbladet Norr", spo, "se"),
		o("Scen och Duk", ent, "se"), o("Hälsa Idag", hea, "se"),
		o("Vetenskapsfönstret", sci, "se"), o("Teknikhörnan", tec, "se"),
	},
	about: map[model.Category][]string{
		gen: {"{name}: nyheter, politik och bakgrund från Sverige och världen sedan {year}.",
			"Oberoende journalistik varje dag: {name} bevakar hela landet."},
		biz: {"{name} bevakar marknader, företag och ekonomi."},
		ent: {"Film, serier, musik och kultur: recensioner och nyheter från {name}."},
		hea: {"{name} skriver om hälsa, vård och förebyggande arbete."},
		sci: {"Klimat, rymden och biologi: {name} förklarar forskningen."},
		spo: {"Fotboll, ishockey, längdskidor och mer: resultat och analyser från {name}."},
		tec: {"{name} bevakar teknik, appar, AI och startupbolag."},
	},
	first: []string{"Elin", "Erik", "Maja", "Oskar", "Astrid", "Gustav", "Wilma", "Axel", "Saga", "Johan", "Leila", "Anders"},
	last:  []string{"Andersson", "Johansson", "Karlsson", "Nilsson", "Lindström", "Bergqvist", "Holm", "Sjöberg", "Ekström", "Lund", "Åberg", "Hassan"},
	slots: map[string][]string{
		"city":      {"Göteborg", "Malmö", "Uppsala", "Umeå", "Luleå", "Örebro", "Linköping", "Västerås", "Kiruna", "Jönköping"},
		"company":   {"Norrstål", "Vättern Energi", "Sydbanken Sverige", "Skärgårdslinjen", "Lindqvist & Söner", "Bergslagen Gruv"},
		"party":     {"Medborgarunionen", "Miljöalliansen", "Folkets Framtid", "Mittenpartiet"},
		"minister":  {"finansministern", "sjukvårdsministern", "statsministern", "infrastrukturministern"},
		"team":      {"IFK Sjöstad", "Norrvik BK", "Älvdalens FF", "Kustens IF", "Granby AIK"},
		"disease":   {"influensa", "mässling", "kikhosta", "RS-virus"},
		"institute": {"Umeå universitet", "Havsforskningsinstitutet i Lysekil", "Nationellt klimatcentrum"},
		"film":      {"Den sista färjan", "Glasträdgården", "Midnatt vid kajen"},
		"band":      {"Nordanvind", "Pappersdrakar", "Högvatten"},
		"techco":    {"Kvantum Syd", "Molnverket", "Pixelfabriken", "Synaps AI"},
		"day":       {"måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag", "söndag"},
	},
	topics: map[model.Category]*topic{
		gen: {
			titles: [][]string{
				{"Valet i {city}: {party} vinner överraskande", "Valresultatet: {party} går framåt i {city}"},
				{"{Minister} avgår efter budgetbråk", "Regeringskris: {minister} lämnar"},
				{"Oväder i {city}: tusentals utan ström", "Översvämning i {city} – den värsta på {n} år"},
				{"Tusentals demonstrerade för klimatet i {city}", "Klimatprotest stängde centrala {city}"},
			},
			descs: []string{
				"Läget i {city} var fortfarande oklart på {day}skvällen.",
				"Beslutet är en vändpunkt för regeringen, som legat efter {party} i opinionen i månader.",
				"Det här vet vi hittills, och det här betyder det för invånarna i {city}.",
			},
			body: []string{
				"Valdeltagandet var {n} procent, enligt valmyndigheten.",
				"– Det här är en tydlig signal från väljarna, sade {person} i {city}.",
				"Oppositionen anklagar regeringen för att ha ignorerat varningarna i åratal.",
				"Räddningstjänsten har ryckt ut över {k} gånger sedan i natt.",
				"{Minister} utlovar en oberoende granskning.",
			},
		},
		biz: {
			titles: [][]string{
				{"Centralbanken lämnar räntan oförändrad på {pct} procent", "Räntan ligger kvar på {pct} procent"},
				{"{Company} varslar {k} anställda", "Neddragningar på {company}: {k} jobb försvinner"},
				{"Inflationen sjunker till {pct1} procent", "Prisökningstakten avtar – nu {pct1} procent"},
				{"{Company} köper {company2} för {bn} miljarder kronor", "Miljardaffär: {company} tar över {company2}"},
			},
			descs: []string{
				"Ekonomerna hade väntat sig beskedet och tror på en första sänkning i vår.",
				"Investerarna jublade och aktien steg kraftigt.",
				"Bolaget räknar med att spara omkring {bn} miljarder kronor per år.",
			},
			body: []string{
				"Inflationen är fortfarande över målet men på väg ned, enligt centralbanken.",
				"– Vi räknar med tuffa tider, sade {person}, vd för {company}.",
				"Omsättningen ökade till {bn} miljarder kronor under tredje kvartalet.",
				"Aktien i {company2} föll {pct1} procent.",
			},
		},
		ent: {
			titles: [][]string{
				{"”{film}” vann huvudpriset på filmfestivalen i {city}", "Filmfestivalen i {city}: ”{film}” bästa film"},
				{"{Band} gör comeback med turné", "Efter {n} år: {band} ut på turné igen"},
				{"{Person} får huvudrollen i ”{film}”", "Ny roll för {person} i ”{film}”"},
			},
			descs: []string{
				"Kritikerna hyllar den återhållsamma regin.",
				"Fansen har väntat på beskedet i månader.",
				"Inspelningen börjar i {city} i vår.",
			},
			body: []string{
				"– Jag trodde aldrig att den här berättelsen skulle nå så långt, sade {person}.",
				"Filmen är regisserad av {person2}.",
				"Biljettsläppet sker på {day}.",
				"{K} personer såg filmen under premiärhelgen.",
			},
		},
		hea: {
			titles: [][]string{
				{"Fler fall av {disease} i {city}", "Folkhälsomyndigheter uppmanar till vaccination mot {disease}"},
				{"Nytt läkemedel minskar risken med {n} procent", "Hopp för alzheimerpatienter efter ny studie"},
				{"Vårdköerna längre än någonsin", "Sjuksköterskor strejkar för fler kollegor"},
			},
			descs: []string{
				"Experterna talar om avgörande veckor.",
				"Studien bygger på data från över {k} deltagare.",
				"Läkarna är försiktigt optimistiska.",
			},
			body: []string{
				"{N} nya fall rapporterades förra veckan.",
				"– Vaccin är fortfarande det bästa skyddet, säger {person}, läkare i {city}.",
				"Studien följde {k} patienter i två år.",
				"Experterna betonar att mer forskning behövs.",
			},
		},
		sci: {
			titles: [][]string{
				{"Forskare har hittat en ny grodart", "Dinosauriebo som är 90 miljoner år gammalt hittat"},
				{"Klimat: förra månaden var den varmaste som uppmätts", "Klimatförändringar: glaciärerna smälter snabbare än väntat"},
				{"Rymdsond skickar första bilderna av en asteroid", "{Institute} leder stort klimatprojekt"},
			},
			descs: []string{
				"Forskare från {n} länder deltog i studien.",
				"Fyndet kan ändra bilden av evolutionen.",
				"Klimatforskarna varnar för att trenden fortsätter utan kraftiga utsläppsminskningar.",
			},
			body: []string{
				"Forskargruppen vid {institute} samlade data i {n} år.",
				"– Ett sådant resultat får man en gång i karriären, säger {person}.",
				"Oberoende forskare måste bekräfta resultaten.",
				"Den globala medeltemperaturen låg {pct1} grader över förindustriell nivå.",
			},
		},
		spo: {
			titles: [][]string{
				{"Sent mål håller {team} kvar i toppen", "Kvittering i {min}:e minuten: {team} leder fortfarande"},
				{"{Team} slog {team2} med {score}", "Fotboll: {team} klart för cupsemifinal"},
				{"{Team} sparkar tränaren", "Efter {n} matcher utan seger: {team} byter tränare"},
				{"{Person} vann världscuptävlingen i {city}", "Banrekord för {person} i {city}"},
			},
			descs: []string{
				"En dramatisk slutminut i {city} håller guldstriden öppen.",
				"Tränaren medgav att laget hade tur.",
				"Klubben presenterar en efterträdare inom kort.",
			},
			body: []string{
				"{Person} kvitterade i {min}:e minuten och läktaren exploderade.",
				"{Team2} var bäst före paus men fick inte in bollen.",
				"– Killarna visade karaktär i kväll, sade tränaren.",
				"{K} åskådare såg matchen i {city}.",
			},
		},
		tec: {
			titles: [][]string{
				{"{Techco} lanserar vikbar mobil", "{Techco} lanserar egen AI-assistent"},
				{"Integritetsmyndigheten granskar {techco}", "{Techco} får böter på {bn} miljoner kronor"},
				{"Dataintrång lamslår kommunen i {city}", "Hackare stal kunddata från {company}"},
			},
			descs: []string{
				"Telefonen når butikerna nästa månad.",
				"Myndigheten säger att den fått många klagomål.",
				"Systemen låg nere i flera timmar.",
			},
			body: []string{
				"– Det här är vår största uppdatering någonsin, sade {person}, vd för {techco}.",
				"Testarna hyllar batteriet men kritiserar priset.",
				"Enligt säkerhetsforskare var sårbarheten känd sedan länge.",
				"Produktionen startar om {n} månader.",
			},
		},
	},
}
