package demo

import (
	"tidings/lazy"
	"tidings/model"
)

// bankNL writes Dutch for outlets in the Netherlands and Flanders.
var bankNL = lazy.Value[*bank]{Build: func() *bank {
	return &bank{
		lang: "nl", decimal: ",", thousand: ".", score: "-",
		leads:  []string{"Dit is wat we tot nu toe weten.", "De belangrijkste punten op een rij."},
		filler: []string{"Meer details waren nog niet bekend.", "Een officiële verklaring wordt later vandaag verwacht.", "Dit artikel wordt bijgewerkt."},
		outlets: []outlet{
			o("Dagblad De Polderbode", gen, "nl"), o("Het Grachtennieuws", gen, "nl"),
			o("Beurs en Bedrijf", biz, "nl"), o("Sportkrant Oranjeveld", spo, "nl"),
			o("Wetenschap Vandaag", sci, "nl"), o("Techniek en Toekomst", tec, "nl"),
			o("De Scheldekoerier", gen, "be"), o("Gezond Leven Vlaanderen", hea, "be"),
			o("Doek en Podium", ent, "be"),
		},
		about: map[model.Category][]string{
			gen: {"{name}: nieuws, politiek en achtergronden uit binnen- en buitenland, sinds {year}.",
				"Onafhankelijke journalistiek, elke dag: {name} brengt het nieuws uit uw regio en de wereld."},
			biz: {"{name} volgt markten, bedrijven en de economie."},
			ent: {"Film, series, muziek en theater: recensies en nieuws van {name}."},
			hea: {"{name} informeert over gezondheid, zorg en preventie."},
			sci: {"Ruimte, klimaat en biologie: {name} legt de wetenschap uit."},
			spo: {"Voetbal, schaatsen, wielrennen en meer: uitslagen en analyses van {name}."},
			tec: {"{name} schrijft over technologie, apps, AI en start-ups."},
		},
		first: []string{"Sanne", "Daan", "Lotte", "Bram", "Fleur", "Sem", "Eva", "Thijs", "Noor", "Jeroen", "Yasmina", "Pieter"},
		last:  []string{"de Vries", "Jansen", "van Dijk", "Bakker", "Visser", "Smits", "Peeters", "Mertens", "de Jong", "Willems", "van den Berg", "El Amrani"},
		slots: map[string][]string{
			"city":      {"Utrecht", "Groningen", "Eindhoven", "Zwolle", "Gent", "Antwerpen", "Leuven", "Arnhem", "Haarlem", "Brugge"},
			"company":   {"Polderstaal", "Noordzee Energie", "Lindeboom Bank", "Havenlijn Logistiek", "Vermeulen & Zonen", "Dijkstra Verzekeringen"},
			"party":     {"de Burgerpartij", "Groen Links Verbond", "de Liberale Unie", "het Sociaal Front"},
			"minister":  {"de minister van Financiën", "de minister van Volksgezondheid", "de premier", "de minister van Infrastructuur"},
			"team":      {"FC Waterland", "Sparta Duinwijk", "VV Rivierenland", "Go Ahead Polder", "KV Scheldeboorden"},
			"disease":   {"griep", "mazelen", "kinkhoest", "het RS-virus"},
			"institute": {"de Universiteit Utrecht", "het Instituut voor Zeeonderzoek", "het Nationaal Klimaatcentrum"},
			"film":      {"De laatste overtocht", "Glazen tuinen", "Middernacht aan de kade"},
			"band":      {"De Lantaarns", "Hoogtij", "Papieren Vliegers"},
			"techco":    {"Kwantum Labs", "Wolkwerk", "Pixelzaak", "Synaps AI"},
			"day":       {"maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag"},
			"probe":     []string{"Aurora", "Perihelium", "Torenvalk", "Meridiaan"},
		},
		topics: map[model.Category]*topic{
			gen: {
				titles: [][]string{
					{"Verkiezingen in {city}: verrassende winst voor {party}", "{Party} wint gemeenteraadsverkiezingen in {city}"},
					{"{Minister} stapt op na ruzie over begroting", "Kabinet in crisis: {minister} treedt af"},
					{"Storm in {city}: duizenden huishoudens zonder stroom", "Wateroverlast in {city}, ergste in {n} jaar"},
					{"Duizenden betogen in {city} voor het klimaat", "Klimaatprotest legt centrum van {city} plat"},
				},
				descs: []string{
					"2,3|De situatie in {city} was {day}avond nog onduidelijk.",
					"1|Het besluit is een keerpunt voor het kabinet, dat al maanden achter {party} staat in de peilingen.",
					"Wat we tot nu toe weten en wat het betekent voor inwoners van {city}.",
				},
				body: []string{
					"0|De opkomst lag volgens de kiesraad op {turnout} procent.",
					"0|'Dit is een duidelijke boodschap van de kiezer', zei {person} in {city}.",
					"De oppositie verwijt het kabinet jarenlang waarschuwingen te hebben genegeerd.",
					"2|De brandweer rukte sinds de ochtend meer dan {k} keer uit.",
					"1,2|{Minister} belooft een onafhankelijk onderzoek.",
					"3|De politie hield {n} mensen aan.",
				},
			},
			biz: {
				titles: [][]string{
					{"Centrale bank houdt rente op {pct} procent", "Rente blijft op {pct} procent: centrale bank wacht af"},
					{"{Company} schrapt {k} banen", "Reorganisatie bij {company}: {k} banen verdwijnen"},
					{"Inflatie daalt naar {pct1} procent", "Prijsstijging zwakt af tot {pct1} procent"},
					{"{Company} neemt {company2} over voor {bn} miljard euro", "Miljardenovername: {company} koopt {company2}"},
				},
				descs: []string{
					"0,2|Economen hadden het besluit verwacht en rekenen op een eerste renteverlaging in het voorjaar.",
					"Beleggers reageerden opgelucht, het aandeel steeg flink.",
					"1|Het bedrijf wil jaarlijks zo'n {bn} miljard euro besparen.",
				},
				body: []string{
					"0,2|De inflatie ligt nog boven het doel, maar beweegt de goede kant op, aldus de centrale bank.",
					"1|'We verwachten een lastige tijd', zei {person}, topvrouw van {company}.",
					"De omzet steeg in het derde kwartaal naar {bn} miljard euro.",
					"3|Het aandeel {company2} daalde {pct1} procent.",
					"1|De vakbonden kondigen acties aan in {city}.",
				},
			},
			ent: {
				titles: [][]string{
					{"'{film}' wint hoofdprijs op filmfestival {city}", "Filmfestival {city}: '{film}' beste film"},
					{"{Band} kondigen reünietour aan", "Na {n} jaar gaan {band} weer op tournee"},
					{"{Person} speelt hoofdrol in '{film}'", "Nieuwe rol voor {person} in '{film}'"},
				},
				descs: []string{
					"0,2|Critici prijzen de ingetogen regie.",
					"1,2|Fans wachtten al maanden op dit nieuws.",
					"2|De opnames beginnen in het voorjaar in {city}.",
				},
				body: []string{
					"0,2|'Ik had nooit gedacht dat dit verhaal zo ver zou reiken', zei {person}.",
					"0,2|De film is geregisseerd door {person2}.",
					"1|De kaartverkoop begint op {day}.",
					"0,2|In het eerste weekend zagen {k} mensen de film.",
				},
			},
			hea: {
				titles: [][]string{
					{"Aantal gevallen van {disease} in {city} stijgt", "Gezondheidsdienst roept op tot vaccinatie tegen {disease}"},
					{"Nieuw medicijn verlaagt risico met {n} procent", "Hoop voor alzheimerpatiënten na klinische studie in {city}"},
					{"Wachtlijsten voor operaties in {city} op recordhoogte", "Zorgpersoneel in {city} staakt voor meer collega's"},
				},
				descs: []string{
					"0|Deskundigen spreken van cruciale weken.",
					"1|Het onderzoek is gebaseerd op gegevens van meer dan {k} deelnemers.",
					"1|Artsen zijn voorzichtig optimistisch.",
				},
				body: []string{
					"0|Vorige week werden {n} nieuwe gevallen gemeld.",
					"0|'Vaccinatie blijft de beste bescherming', zegt {person}, arts in {city}.",
					"1|De studie volgde {k} patiënten gedurende twee jaar.",
					"1|Experts benadrukken dat meer onderzoek nodig is.",
					"{Minister} trekt extra geld uit voor de winter.",
				},
			},
			sci: {
				titles: [][]string{
					{"Onderzoekers uit {city} ontdekken nieuwe kikkersoort", "Dinosaurusnest van {n} miljoen jaar oud gevonden"},
					{"Klimaat: afgelopen maand {warming} graad warmer dan pre-industrieel", "Klimaatverandering: gletsjers smelten sneller dan verwacht, waarschuwt {institute}"},
					{"Ruimtesonde {probe} stuurt eerste beelden van planetoïde", "{Institute} start groot klimaatonderzoek"},
				},
				descs: []string{
					"0|Aan de studie werkten onderzoekers uit {n} landen mee.",
					"0|De vondst kan ons beeld van de evolutie veranderen.",
					"1|Klimaatwetenschappers waarschuwen dat de trend doorzet zonder forse uitstootverlaging.",
				},
				body: []string{
					"0,1|Het team van {institute} verzamelde {n} jaar lang gegevens.",
					"0|'Zo'n resultaat hoop je één keer in je loopbaan te krijgen', zegt {person}.",
					"0|Onafhankelijke onderzoekers moeten de resultaten nog bevestigen.",
					"1|De gemiddelde temperatuur lag {warming} graad boven het pre-industriële niveau.",
					"2|De sonde reist nog {n} maanden verder.",
					"2|De gegevens komen vrij beschikbaar voor onderzoekers wereldwijd.",
				},
			},
			spo: {
				titles: [][]string{
					{"Late goal houdt {team} aan kop", "Gelijkmaker in minuut {min}: {team} blijft koploper"},
					{"{Team} verslaat {team2} met {score}", "Voetbal: {team} naar halve finale van de beker"},
					{"{Team} ontslaat trainer", "Na {n} duels zonder zege zet {team} trainer op straat"},
					{"{Person} wint schaatsklassieker in {city}", "Baanrecord voor {person} in {city}"},
				},
				descs: []string{
					"0,1|Een spannende slotfase in {city} houdt de titelstrijd open.",
					"0,1|De trainer gaf toe dat zijn ploeg geluk had.",
					"2|De club maakt binnenkort een opvolger bekend.",
				},
				body: []string{
					"0|{Person} scoorde in minuut {min} en het stadion ontplofte.",
					"0,1|{Team2} was de eerste helft sterker maar kon niet scoren.",
					"0,1|'De jongens toonden karakter', zei de trainer.",
					"0,1|{K} toeschouwers zagen de wedstrijd in {city}.",
					"2|Supporters eisten een wissel na een reeks nederlagen.",
					"2|De assistent-trainer neemt het voorlopig over.",
					"3|{Person2} werd tweede op {n} honderdsten.",
					"3|Het ijs was na een koude nacht snel.",
				},
			},
			tec: {
				titles: [][]string{
					{"{Techco} presenteert opvouwbare smartphone", "{Techco} lanceert eigen AI-assistent"},
					{"Privacytoezichthouder onderzoekt {techco}", "Boete van {bn} miljoen euro voor {techco}"},
					{"Cyberaanval legt gemeente {city} plat", "Hackers stelen klantgegevens bij {company}"},
				},
				descs: []string{
					"0|Het toestel ligt volgende maand in de winkel.",
					"1|De toezichthouder zegt veel klachten te hebben ontvangen.",
					"2|De systemen waren urenlang onbereikbaar.",
				},
				body: []string{
					"0|'Dit is onze grootste update ooit', zei {person}, topman van {techco}.",
					"0|Testers zijn lovend over de accu, maar kritisch over de prijs.",
					"2|Volgens beveiligingsonderzoekers ging het om een bekend lek.",
					"0|De productie start over {n} maanden.",
					"1|Het bedrijf zegt volledig mee te werken aan het onderzoek.",
					"1|De boete kan oplopen tot een percentage van de jaaromzet.",
				},
			},
		},
	}
}}
