package demo

import "tidings/model"

// bankNL writes Dutch for outlets in the Netherlands and Flanders.
var bankNL = &bank{
	lang: "nl", decimal: ",", thousand: ".", score: "-",
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
				"De situatie in {city} was {day}avond nog onduidelijk.",
				"Het besluit is een keerpunt voor het kabinet, dat al maanden achter {party} staat in de peilingen.",
				"Wat we tot nu toe weten en wat het betekent voor inwoners van {city}.",
			},
			body: []string{
				"De opkomst lag volgens de kiesraad op {n} procent.",
				"'Dit is een duidelijke boodschap van de kiezer', zei {person} in {city}.",
				"De oppositie verwijt het kabinet jarenlang waarschuwingen te hebben genegeerd.",
				"De brandweer rukte sinds de ochtend meer dan {k} keer uit.",
				"{Minister} belooft een onafhankelijk onderzoek.",
				"De politie hield {n} mensen aan.",
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
				"Economen hadden het besluit verwacht en rekenen op een eerste renteverlaging in het voorjaar.",
				"Beleggers reageerden opgelucht, het aandeel steeg flink.",
				"Het bedrijf wil jaarlijks zo'n {bn} miljard euro besparen.",
			},
			body: []string{
				"De inflatie ligt nog boven het doel, maar beweegt de goede kant op, aldus de centrale bank.",
				"'We verwachten een lastige tijd', zei {person}, topvrouw van {company}.",
				"De omzet steeg in het derde kwartaal naar {bn} miljard euro.",
				"Het aandeel {company2} daalde {pct1} procent.",
				"De vakbonden kondigen acties aan in {city}.",
			},
		},
		ent: {
			titles: [][]string{
				{"'{film}' wint hoofdprijs op filmfestival {city}", "Filmfestival {city}: '{film}' beste film"},
				{"{Band} kondigen reünietour aan", "Na {n} jaar gaan {band} weer op tournee"},
				{"{Person} speelt hoofdrol in '{film}'", "Nieuwe rol voor {person} in '{film}'"},
			},
			descs: []string{
				"Critici prijzen de ingetogen regie.",
				"Fans wachtten al maanden op dit nieuws.",
				"De opnames beginnen in het voorjaar in {city}.",
			},
			body: []string{
				"'Ik had nooit gedacht dat dit verhaal zo ver zou reiken', zei {person}.",
				"De film is geregisseerd door {person2}.",
				"De kaartverkoop begint op {day}.",
				"In het eerste weekend zagen {k} mensen de film.",
			},
		},
		hea: {
			titles: [][]string{
				{"Aantal gevallen van {disease} in {city} stijgt", "Gezondheidsdienst roept op tot vaccinatie tegen {disease}"},
				{"Nieuw medicijn verlaagt risico met {n} procent", "Hoop voor alzheimerpatiënten na klinische studie"},
				{"Wachtlijsten voor operaties op recordhoogte", "Zorgpersoneel staakt voor meer collega's"},
			},
			descs: []string{
				"Deskundigen spreken van cruciale weken.",
				"Het onderzoek is gebaseerd op gegevens van meer dan {k} deelnemers.",
				"Artsen zijn voorzichtig optimistisch.",
			},
			body: []string{
				"Vorige week werden {n} nieuwe gevallen gemeld.",
				"'Vaccinatie blijft de beste bescherming', zegt {person}, arts in {city}.",
				"De studie volgde {k} patiënten gedurende twee jaar.",
				"Experts benadrukken dat meer onderzoek nodig is.",
				"{Minister} trekt extra geld uit voor de winter.",
			},
		},
		sci: {
			titles: [][]string{
				{"Onderzoekers ontdekken nieuwe kikkersoort", "Dinosaurusnest van 90 miljoen jaar oud gevonden"},
				{"Klimaat: afgelopen maand de warmste ooit gemeten", "Klimaatverandering: gletsjers smelten sneller dan verwacht"},
				{"Ruimtesonde stuurt eerste beelden van planetoïde", "{Institute} start groot klimaatonderzoek"},
			},
			descs: []string{
				"Aan de studie werkten onderzoekers uit {n} landen mee.",
				"De vondst kan ons beeld van de evolutie veranderen.",
				"Klimaatwetenschappers waarschuwen dat de trend doorzet zonder forse uitstootverlaging.",
			},
			body: []string{
				"Het team van {institute} verzamelde {n} jaar lang gegevens.",
				"'Zo'n resultaat hoop je één keer in je loopbaan te krijgen', zegt {person}.",
				"Onafhankelijke onderzoekers moeten de resultaten nog bevestigen.",
				"De gemiddelde temperatuur lag {pct1} graad boven het pre-industriële niveau.",
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
				"Een spannende slotfase in {city} houdt de titelstrijd open.",
				"De trainer gaf toe dat zijn ploeg geluk had.",
				"De club maakt binnenkort een opvolger bekend.",
			},
			body: []string{
				"{Person} scoorde in minuut {min} en het stadion ontplofte.",
				"{Team2} was de eerste helft sterker maar kon niet scoren.",
				"'De jongens toonden karakter', zei de trainer.",
				"{K} toeschouwers zagen de wedstrijd in {city}.",
			},
		},
		tec: {
			titles: [][]string{
				{"{Techco} presenteert opvouwbare smartphone", "{Techco} lanceert eigen AI-assistent"},
				{"Privacytoezichthouder onderzoekt {techco}", "Boete van {bn} miljoen euro voor {techco}"},
				{"Cyberaanval legt gemeente {city} plat", "Hackers stelen klantgegevens bij {company}"},
			},
			descs: []string{
				"Het toestel ligt volgende maand in de winkel.",
				"De toezichthouder zegt veel klachten te hebben ontvangen.",
				"De systemen waren urenlang onbereikbaar.",
			},
			body: []string{
				"'Dit is onze grootste update ooit', zei {person}, topman van {techco}.",
				"Testers zijn lovend over de accu, maar kritisch over de prijs.",
				"Volgens beveiligingsonderzoekers ging het om een bekend lek.",
				"De productie start over {n} maanden.",
			},
		},
	},
}
