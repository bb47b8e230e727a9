package demo

import (
	"tidings/lazy"
	"tidings/model"
)

// bankSE writes Swedish ("se" in the spec's list) for outlets in Sweden.
var bankSE = lazy.Value[*bank]{Build: func() *bank {
	return &bank{
		lang: "se", decimal: ",", thousand: " ", score: "–",
		leads:  []string{"Det här vet vi hittills.", "Det viktigaste i korthet."},
		filler: []string{"Fler detaljer är ännu inte kända.", "Ett officiellt uttalande väntas under dagen.", "Artikeln uppdateras."},
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
			"probe":     []string{"Aurora", "Perihelium", "Tornfalk", "Meridian"},
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
					"2,3|Läget i {city} var fortfarande oklart på {day}skvällen.",
					"1|Beslutet är en vändpunkt för regeringen, som legat efter {party} i opinionen i månader.",
					"Det här vet vi hittills, och det här betyder det för invånarna i {city}.",
				},
				body: []string{
					"0|Valdeltagandet var {turnout} procent, enligt valmyndigheten.",
					"0|– Det här är en tydlig signal från väljarna, sade {person} i {city}.",
					"Oppositionen anklagar regeringen för att ha ignorerat varningarna i åratal.",
					"2|Räddningstjänsten har ryckt ut över {k} gånger sedan i natt.",
					"1,2|{Minister} utlovar en oberoende granskning.",
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
					"0,2|Ekonomerna hade väntat sig beskedet och tror på en första sänkning i vår.",
					"Investerarna jublade och aktien steg kraftigt.",
					"1|Bolaget räknar med att spara omkring {bn} miljarder kronor per år.",
				},
				body: []string{
					"0,2|Inflationen är fortfarande över målet men på väg ned, enligt centralbanken.",
					"1|– Vi räknar med tuffa tider, sade {person}, vd för {company}.",
					"Omsättningen ökade till {bn} miljarder kronor under tredje kvartalet.",
					"3|Aktien i {company2} föll {pct1} procent.",
				},
			},
			ent: {
				titles: [][]string{
					{"”{film}” vann huvudpriset på filmfestivalen i {city}", "Filmfestivalen i {city}: ”{film}” bästa film"},
					{"{Band} gör comeback med turné", "Efter {n} år: {band} ut på turné igen"},
					{"{Person} får huvudrollen i ”{film}”", "Ny roll för {person} i ”{film}”"},
				},
				descs: []string{
					"0,2|Kritikerna hyllar den återhållsamma regin.",
					"1,2|Fansen har väntat på beskedet i månader.",
					"2|Inspelningen börjar i {city} i vår.",
				},
				body: []string{
					"0,2|– Jag trodde aldrig att den här berättelsen skulle nå så långt, sade {person}.",
					"0,2|Filmen är regisserad av {person2}.",
					"1|Biljettsläppet sker på {day}.",
					"0,2|{K} personer såg filmen under premiärhelgen.",
				},
			},
			hea: {
				titles: [][]string{
					{"Fler fall av {disease} i {city}", "Folkhälsomyndigheter uppmanar till vaccination mot {disease}"},
					{"Nytt läkemedel minskar risken med {n} procent", "Hopp för alzheimerpatienter efter ny studie från {city}"},
					{"Vårdköerna i {city} längre än någonsin", "Sjuksköterskor i {city} strejkar för fler kollegor"},
				},
				descs: []string{
					"0|Experterna talar om avgörande veckor.",
					"1|Studien bygger på data från över {k} deltagare.",
					"1|Läkarna är försiktigt optimistiska.",
				},
				body: []string{
					"0|{N} nya fall rapporterades förra veckan.",
					"0|– Vaccin är fortfarande det bästa skyddet, säger {person}, läkare i {city}.",
					"1|Studien följde {k} patienter i två år.",
					"1|Experterna betonar att mer forskning behövs.",
					"2|Patienter väntar i månader på operation.",
					"2|Regionerna lovar en plan för att korta köerna.",
				},
			},
			sci: {
				titles: [][]string{
					{"Forskare från {city} har hittat en ny grodart", "Dinosauriebo som är {n} miljoner år gammalt hittat"},
					{"Klimat: förra månaden var {warming} grader varmare än förindustriell nivå", "Klimatförändringar: glaciärerna smälter snabbare än väntat, varnar {institute}"},
					{"Rymdsonden {probe} skickar första bilderna av en asteroid", "{Institute} leder stort klimatprojekt"},
				},
				descs: []string{
					"0|Forskare från {n} länder deltog i studien.",
					"0|Fyndet kan ändra bilden av evolutionen.",
					"1|Klimatforskarna varnar för att trenden fortsätter utan kraftiga utsläppsminskningar.",
				},
				body: []string{
					"0,1|Forskargruppen vid {institute} samlade data i {n} år.",
					"0|– Ett sådant resultat får man en gång i karriären, säger {person}.",
					"0|Oberoende forskare måste bekräfta resultaten.",
					"1|Den globala medeltemperaturen låg {warming} grader över förindustriell nivå.",
					"2|Sonden ska färdas i ytterligare {n} månader.",
					"2|Datan blir fritt tillgänglig för forskare över hela världen.",
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
					"0,1|En dramatisk slutminut i {city} håller guldstriden öppen.",
					"0,1|Tränaren medgav att laget hade tur.",
					"2|Klubben presenterar en efterträdare inom kort.",
				},
				body: []string{
					"0|{Person} kvitterade i {min}:e minuten och läktaren exploderade.",
					"0,1|{Team2} var bäst före paus men fick inte in bollen.",
					"0,1|– Killarna visade karaktär i kväll, sade tränaren.",
					"0,1|{K} åskådare såg matchen i {city}.",
					"2|Supportrarna krävde förändring efter en rad förluster.",
					"2|Assisterande tränaren tar över tills vidare.",
					"3|{Person2} blev tvåa, {n} sekunder efter.",
					"3|Föret var snabbt efter en kall natt.",
				},
			},
			tec: {
				titles: [][]string{
					{"{Techco} lanserar vikbar mobil", "{Techco} lanserar egen AI-assistent"},
					{"Integritetsmyndigheten granskar {techco}", "{Techco} får böter på {bn} miljoner kronor"},
					{"Dataintrång lamslår kommunen i {city}", "Hackare stal kunddata från {company}"},
				},
				descs: []string{
					"0|Telefonen når butikerna nästa månad.",
					"1|Myndigheten säger att den fått många klagomål.",
					"2|Systemen låg nere i flera timmar.",
				},
				body: []string{
					"0|– Det här är vår största uppdatering någonsin, sade {person}, vd för {techco}.",
					"0|Testarna hyllar batteriet men kritiserar priset.",
					"2|Enligt säkerhetsforskare var sårbarheten känd sedan länge.",
					"0|Produktionen startar om {n} månader.",
					"1|Bolaget säger att det samarbetar fullt ut med myndigheten.",
					"1|Böterna kan uppgå till flera procent av årsomsättningen.",
				},
			},
		},
	}
}}
