package demo

import (
	"tidings/lazy"
	"tidings/model"
)

// bankNO writes Norwegian (bokmål) for outlets in Norway.
var bankNO = lazy.Value[*bank]{Build: func() *bank {
	return &bank{
		lang: "no", decimal: ",", thousand: " ", score: "–",
		leads:  []string{"Dette vet vi så langt.", "Det viktigste i saken."},
		filler: []string{"Flere detaljer er foreløpig ikke kjent.", "En offisiell uttalelse ventes i løpet av dagen.", "Saken oppdateres."},
		outlets: []outlet{
			o("Fjordposten", gen, "no"), o("Nordlys Avis", gen, "no"),
			o("Finansbladet Vest", biz, "no"), o("Sportsdøgnet", spo, "no"),
			o("Kultur og Lerret", ent, "no"), o("Helse i Dag", hea, "no"),
			o("Forskning Nord", sci, "no"), o("Digitalt Nå", tec, "no"),
		},
		about: map[model.Category][]string{
			gen: {"{name}: nyheter, politikk og bakgrunn fra inn- og utland siden {year}.",
				"Uavhengig journalistikk hver dag: {name} dekker hele landet."},
			biz: {"{name} følger markeder, selskaper og økonomi."},
			ent: {"Film, serier, musikk og kultur: anmeldelser og nyheter fra {name}."},
			hea: {"{name} skriver om helse, medisin og forebygging."},
			sci: {"Klima, verdensrommet og biologi: {name} forklarer forskningen."},
			spo: {"Fotball, langrenn, skiskyting og mer: resultater og analyser fra {name}."},
			tec: {"{name} dekker teknologi, apper, KI og gründere."},
		},
		first: []string{"Ingrid", "Ola", "Kari", "Henrik", "Sigrid", "Magnus", "Nora", "Eirik", "Silje", "Håkon", "Amina", "Jonas"},
		last:  []string{"Hansen", "Johansen", "Olsen", "Berg", "Haugen", "Dahl", "Lie", "Solberg", "Strand", "Nygård", "Bakken", "Ahmed"},
		slots: map[string][]string{
			"city":      {"Bergen", "Trondheim", "Stavanger", "Tromsø", "Bodø", "Ålesund", "Drammen", "Kristiansand", "Lillehammer"},
			"company":   {"Nordkraft", "Fjordlaks", "Vestbanken", "Polar Shipping", "Havbruk Nord", "Skagerak Stål"},
			"party":     {"Borgerpartiet", "Miljøalliansen", "Folkets Parti", "Sentrumsunionen"},
			"minister":  {"finansministeren", "helseministeren", "statsministeren", "samferdselsministeren"},
			"team":      {"Fjord IL", "Nordvik FK", "Brattli BK", "Sjøsiden IF", "Fjellheim FK"},
			"disease":   {"influensa", "meslinger", "kikhoste", "RS-virus"},
			"institute": {"Universitetet i Tromsø", "Havforskningssenteret i Bergen", "Nasjonalt klimasenter"},
			"film":      {"Den siste ferja", "Glasshagen", "Midnatt på kaia"},
			"band":      {"Nordavind", "Papirdrager", "Høyvann"},
			"techco":    {"Kvantum Nord", "Skyverk", "Pikselfabrikken", "Synapse KI"},
			"day":       {"mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag", "søndag"},
			"probe":     []string{"Aurora", "Perihel", "Tårnfalk", "Meridian"},
		},
		topics: map[model.Category]*topic{
			gen: {
				titles: [][]string{
					{"Valg i {city}: {party} vinner overraskende", "Valget: {party} går fram i {city}"},
					{"{Minister} går av etter budsjettstrid", "Regjeringen i krise: {minister} trekker seg"},
					{"Ekstremvær i {city}: tusenvis uten strøm", "Flom i {city} – verste på {n} år"},
					{"Tusenvis demonstrerte for klimaet i {city}", "Klimaprotest stengte sentrum i {city}"},
				},
				descs: []string{
					"2,3|Situasjonen i {city} var fortsatt uoversiktlig {day} kveld.",
					"1|Avgjørelsen er et vendepunkt for regjeringen, som har ligget bak {party} på målingene i månedsvis.",
					"Dette vet vi så langt, og dette betyr det for folk i {city}.",
				},
				body: []string{
					"0|Valgdeltakelsen var {turnout} prosent, ifølge valgstyret.",
					"0|– Dette er et tydelig signal fra velgerne, sa {person} i {city}.",
					"Opposisjonen mener regjeringen har ignorert advarslene i årevis.",
					"2|Brannvesenet har rykket ut over {k} ganger siden natt til i dag.",
					"1,2|{Minister} lover en uavhengig gjennomgang.",
				},
			},
			biz: {
				titles: [][]string{
					{"Sentralbanken holder renten på {pct} prosent", "Renten uendret på {pct} prosent"},
					{"{Company} kutter {k} stillinger", "Nedbemanning i {company}: {k} jobber forsvinner"},
					{"Prisveksten faller til {pct1} prosent", "Inflasjonen avtar – nå {pct1} prosent"},
					{"{Company} kjøper {company2} for {bn} milliarder kroner", "Milliardoppkjøp: {company} sluker {company2}"},
				},
				descs: []string{
					"0,2|Økonomene hadde ventet beslutningen og tror på første rentekutt til våren.",
					"Investorene jublet, og aksjen steg kraftig.",
					"1|Selskapet vil spare rundt {bn} milliarder kroner i året.",
				},
				body: []string{
					"0,2|Prisveksten er fortsatt over målet, men på vei ned, ifølge sentralbanken.",
					"1|– Vi venter krevende tider, sa {person}, konsernsjef i {company}.",
					"Omsetningen økte til {bn} milliarder kroner i tredje kvartal.",
					"3|Aksjen i {company2} falt {pct1} prosent.",
				},
			},
			ent: {
				titles: [][]string{
					{"«{film}» vant hovedprisen på filmfestivalen i {city}", "Filmfestivalen i {city}: «{film}» beste film"},
					{"{Band} varsler comeback-turné", "Etter {n} år: {band} på turné igjen"},
					{"{Person} får hovedrollen i «{film}»", "Ny rolle for {person} i «{film}»"},
				},
				descs: []string{
					"0,2|Kritikerne roser den stillferdige regien.",
					"1,2|Fansen har ventet på nyheten i månedsvis.",
					"2|Innspillingen starter i {city} til våren.",
				},
				body: []string{
					"0,2|– Jeg trodde aldri denne historien skulle nå så langt, sa {person}.",
					"0,2|Filmen er regissert av {person2}.",
					"1|Billettsalget starter {day}.",
					"0,2|{K} så filmen den første helgen.",
				},
			},
			hea: {
				titles: [][]string{
					{"Flere tilfeller av {disease} i {city}", "Helsemyndighetene anbefaler vaksine mot {disease}"},
					{"Nytt legemiddel reduserer risikoen med {n} prosent", "Håp for alzheimerpasienter etter ny studie fra {city}"},
					{"Rekordlange helsekøer i {city}", "Sykepleiere i {city} streiker for flere kolleger"},
				},
				descs: []string{
					"0|Fagfolk snakker om avgjørende uker.",
					"1|Studien bygger på data fra over {k} deltakere.",
					"1|Legene er forsiktig optimistiske.",
				},
				body: []string{
					"0|Det ble meldt {n} nye tilfeller forrige uke.",
					"0|– Vaksine er fortsatt den beste beskyttelsen, sier {person}, lege i {city}.",
					"1|Studien fulgte {k} pasienter i to år.",
					"1|Ekspertene understreker at mer forskning trengs.",
					"2|Pasienter venter i månedsvis på operasjon.",
					"2|Helsemyndighetene lover en plan for å korte ned køene.",
				},
			},
			sci: {
				titles: [][]string{
					{"Forskere fra {city} har funnet en ny froskeart", "Dinosaurreir på {n} millioner år funnet"},
					{"Klima: forrige måned var {warming} grader varmere enn førindustrielt nivå", "Klimaendringer: isbreene smelter raskere enn ventet, advarer {institute}"},
					{"Romsonden {probe} sender de første bildene av en asteroide", "{Institute} leder stort klimaprosjekt"},
				},
				descs: []string{
					"0|Forskere fra {n} land deltok i studien.",
					"0|Funnet kan endre forståelsen av evolusjonen.",
					"1|Klimaforskerne advarer om at trenden fortsetter uten store utslippskutt.",
				},
				body: []string{
					"0,1|Teamet ved {institute} samlet data i {n} år.",
					"0|– Et slikt resultat får man én gang i karrieren, sier {person}.",
					"0|Uavhengige forskere må bekrefte resultatene.",
					"1|Den globale temperaturen lå {warming} grader over førindustrielt nivå.",
					"2|Sonden skal reise i {n} måneder til.",
					"2|Dataene blir fritt tilgjengelige for forskere over hele verden.",
				},
			},
			spo: {
				titles: [][]string{
					{"Sen scoring holder {team} på toppen", "Utligning i det {min}. minutt: {team} fortsatt serieleder"},
					{"{Team} slo {team2} {score}", "Fotball: {team} klar for cupsemifinale"},
					{"{Team} sparker treneren", "Etter {n} kamper uten seier: {team} bytter trener"},
					{"{Person} vant verdenscuprenn i langrenn", "{Person} sikret seieren i {city}"},
				},
				descs: []string{
					"0,1|En dramatisk slutt i {city} holder gullkampen åpen.",
					"0,1|Treneren innrømmet at laget hadde flaks.",
					"2|Klubben presenterer en etterfølger om kort tid.",
				},
				body: []string{
					"0|{Person} scoret i det {min}. minutt, og tribunen eksploderte.",
					"0,1|{Team2} var best før pause, men fikk ikke ballen i mål.",
					"0,1|– Gutta viste karakter i kveld, sa treneren.",
					"0,1|{K} tilskuere så kampen i {city}.",
					"2|Supporterne krevde endringer etter en rekke tap.",
					"2|Assistenttreneren tar over inntil videre.",
					"3|{Person2} ble nummer to, {n} sekunder bak.",
					"3|Føret var raskt etter en kald natt.",
				},
			},
			tec: {
				titles: [][]string{
					{"{Techco} lanserer sammenleggbar mobil", "{Techco} lanserer egen KI-assistent"},
					{"Tilsynsmyndigheten granser {techco}", "{Techco} får bot på {bn} millioner kroner"},
					{"Dataangrep lammer kommunen i {city}", "Hackere stjal kundedata fra {company}"},
				},
				descs: []string{
					"0|Telefonen kommer i butikkene neste måned.",
					"1|Tilsynet sier det har fått mange klager.",
					"2|Systemene var nede i flere timer.",
				},
				body: []string{
					"0|– Dette er vår største oppdatering noensinne, sa {person}, sjef i {techco}.",
					"0|Testerne roser batteriet, men kritiserer prisen.",
					"2|Ifølge sikkerhetsforskere var sårbarheten kjent.",
					"0|Produksjonen starter om {n} måneder.",
					"1|Selskapet sier det samarbeider fullt ut med tilsynet.",
					"1|Boten kan bli på flere prosent av årsomsetningen.",
				},
			},
		},
	}
}}
