package demo

import "tidings/model"

// bankIT writes Italian for outlets in Italy and Ticino.
var bankIT = &bank{
	lang: "it", decimal: ",", thousand: ".", score: "-",
	leads:  []string{"Cosa sappiamo finora.", "I punti chiave della vicenda."},
	filler: []string{"Altri dettagli non sono stati resi noti nell'immediato.", "Una dichiarazione ufficiale è attesa in giornata.", "L'articolo sarà aggiornato."},
	outlets: []outlet{
		o("Il Corriere della Laguna", gen, "it"), o("La Voce del Tirreno", gen, "it"),
		o("Il Sole di Mezzogiorno", biz, "it"), o("Gazzetta del Pallone", spo, "it"),
		o("Schermi e Palcoscenici", ent, "it"), o("Salute Oggi", hea, "it"),
		o("Scienza Aperta", sci, "it"), o("Bit e Dintorni", tec, "it"),
		o("Il Giornale del Ceresio", gen, "ch"),
	},
	about: map[model.Category][]string{
		gen: {"{name}: politica, cronaca ed esteri, con notizie verificate dal {year}.",
			"Giornalismo indipendente ogni giorno: {name} racconta l'Italia e il mondo."},
		biz: {"{name} segue mercati, imprese ed economia giorno per giorno."},
		ent: {"Cinema, serie, musica e spettacolo: recensioni e notizie di {name}."},
		hea: {"{name} informa su medicina, prevenzione e benessere."},
		sci: {"Spazio, clima e biologia: {name} racconta la scienza."},
		spo: {"Calcio, ciclismo, tennis e molto altro: risultati e analisi di {name}."},
		tec: {"{name} racconta tecnologia, app, intelligenza artificiale e startup."},
	},
	first: []string{"Giulia", "Marco", "Francesca", "Alessandro", "Chiara", "Luca", "Sara", "Matteo", "Elena", "Davide", "Martina", "Giorgio"},
	last:  []string{"Rossi", "Bianchi", "Esposito", "Ferrari", "Romano", "Colombo", "Ricci", "Marino", "Greco", "Bruno", "Galli", "Conti", "De Luca"},
	slots: map[string][]string{
		"city":      {"Torino", "Bologna", "Genova", "Palermo", "Bari", "Verona", "Lugano", "Firenze", "Trieste", "Cagliari", "Padova"},
		"company":   {"Gruppo Valsesia", "Enertirreno", "Banca del Po", "Lanterna Telecom", "Acciaierie Lombarde", "Farmalpi", "Trasporti Adriatici"},
		"party":     {"l'Unione Civica", "il Movimento per il Futuro", "i Verdi Uniti", "l'Alleanza Democratica", "il Patto Popolare"},
		"minister":  {"il ministro dell'Economia", "la ministra della Salute", "la presidente del Consiglio", "il ministro dei Trasporti"},
		"team":      {"Atletico Valdarno", "Sporting Lagunare", "US Monteverde", "Real Brenta", "AC Tirreno", "Virtus Appennino"},
		"disease":   {"l'influenza", "il morbillo", "la pertosse", "il virus respiratorio sinciziale"},
		"hospital":  {"Policlinico di Bari", "Ospedale San Giovanni", "Ospedale Maggiore di Verona"},
		"institute": {"l'Università di Padova", "l'Istituto di Scienze Marine", "l'Osservatorio del Gran Sasso", "il Centro Nazionale per il Clima"},
		"film":      {"L'ultima traversata", "Giardini di vetro", "Mezzanotte al porto", "Sale e ferro"},
		"band":      {"I Lampioni", "Alta Marea", "Aquiloni di Carta"},
		"techco":    {"Quantica Italia", "NuvolaVerde", "Pixelia", "Sinapsi AI"},
		"day":       {"lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica"},
	},
	topics: map[model.Category]*topic{
		gen: {
			titles: [][]string{
				{"Elezioni a {city}: vittoria a sorpresa per {party}", "{Party} vince le elezioni comunali a {city}", "Dopo il voto, {party} rivendica la vittoria"},
				{"Si dimette {minister} dopo lo scontro sulla manovra", "Manovra, {minister} lascia l'incarico"},
				{"Alluvione a {city}: migliaia di case senza corrente", "Maltempo, {city} colpita dalla peggiore piena da {n} anni"},
				{"In migliaia in piazza a {city} per il clima", "Sciopero per il clima, centro di {city} bloccato"},
				{"Sciopero dei treni {day}: ecco le fasce garantite", "Scongiurato lo sciopero: accordo in extremis sui treni regionali"},
			},
			descs: []string{
				"2,3,4|La situazione a {city} restava confusa nella serata di {day}.",
				"0,1|La decisione segna una svolta per il governo, da mesi dietro a {party} nei sondaggi.",
				"Cosa sappiamo finora e cosa cambia per chi vive a {city}.",
			},
			body: []string{
				"0|L'affluenza è stata del {n} per cento, secondo i dati ufficiali.",
				"0|«È un messaggio chiaro degli elettori», ha detto {person} a {city}.",
				"L'opposizione accusa il governo di aver ignorato gli avvertimenti per anni.",
				"2|I vigili del fuoco sono intervenuti più di {k} volte dalla notte.",
				"2|La protezione civile mantiene l'allerta rossa fino a {day}.",
				"1,2|{Minister} ha promesso un'indagine indipendente.",
				"1|Le associazioni giudicano il provvedimento insufficiente.",
			},
		},
		biz: {
			titles: [][]string{
				{"La banca centrale lascia i tassi fermi al {pct}%", "Tassi invariati al {pct}%: la banca centrale prende tempo"},
				{"{Company} taglierà {k} posti di lavoro", "Esuberi in {company}: a rischio {k} posti"},
				{"L'inflazione scende al {pct1}%", "Prezzi, l'inflazione rallenta al {pct1}%"},
				{"{Company} acquisisce {company2} per {bn} miliardi di euro", "Operazione da {bn} miliardi: {company} compra {company2}"},
				{"{Company} alza le stime, il titolo vola del {pct1}%", "Conti trimestrali sopra le attese per {company}"},
			},
			descs: []string{
				"0,2|Gli economisti si attendevano la decisione e prevedono un primo taglio in primavera.",
				"4|Gli investitori hanno accolto bene i conti fin dall'apertura della Borsa.",
				"1|Il gruppo conta di risparmiare circa {bn} miliardi di euro l'anno.",
			},
			body: []string{
				"0,2|L'inflazione resta sopra l'obiettivo ma si muove nella giusta direzione, ha spiegato la banca centrale.",
				"1|«Ci aspettiamo un contesto difficile», ha avvertito {person}, amministratore delegato di {company}.",
				"4|I ricavi hanno raggiunto {bn} miliardi di euro nel terzo trimestre.",
				"3|Il titolo {company2} ha perso il {pct1}%.",
				"3|L'operazione deve ancora ottenere il via libera dell'Antitrust.",
				"1|I sindacati hanno indetto una manifestazione a {city}.",
			},
		},
		ent: {
			titles: [][]string{
				{"«{film}» vince il premio principale al festival di {city}", "Festival di {city}: «{film}» miglior film"},
				{"«{film}» in testa al botteghino", "Successo a sorpresa per «{film}», {k} spettatori"},
				{"{Band} annunciano il ritorno sul palco", "Dopo {n} anni {band} tornano in tour"},
				{"{Person} protagonista di «{film}»", "Cinema, {person} nel cast di «{film}»"},
			},
			descs: []string{
				"0,1,3|La critica loda una regia sobria e precisa.",
				"2,3|I fan aspettavano l'annuncio da mesi.",
				"3|Le riprese inizieranno in primavera a {city}.",
			},
			body: []string{
				"0,1,3|«Non avrei mai immaginato che questa storia arrivasse così lontano», ha detto {person}.",
				"0,1,3|Il film è diretto da {person2}.",
				"2|I biglietti saranno in vendita da {day}.",
				"1|Nel primo fine settimana lo hanno visto {k} spettatori.",
				"0|La cerimonia si terrà a marzo a {city}.",
			},
		},
		hea: {
			titles: [][]string{
				{"Casi di {disease} in aumento a {city}", "Le autorità sanitarie raccomandano il vaccino contro {disease}"},
				{"Un nuovo farmaco riduce il rischio del {n}%, dice uno studio", "Alzheimer, una sperimentazione clinica accende la speranza"},
				{"Liste d'attesa per gli interventi da record", "Il {hospital} apre un nuovo reparto contro le attese"},
				{"Infermieri in sciopero per più personale", "Sanità, sciopero {day}: cosa sapere"},
			},
			descs: []string{
				"0|Gli esperti parlano di settimane decisive.",
				"1|Lo studio si basa sui dati di oltre {k} partecipanti.",
				"1|I medici si dicono cautamente ottimisti.",
			},
			body: []string{
				"0|La settimana scorsa sono stati registrati {n} nuovi casi.",
				"0|«La vaccinazione resta la protezione migliore», ricorda {person}, medico a {city}.",
				"1|La sperimentazione ha seguito {k} pazienti per due anni.",
				"1|Gli esperti sottolineano che servono altre ricerche.",
				"{Minister} ha annunciato nuove risorse per l'inverno.",
			},
		},
		sci: {
			titles: [][]string{
				{"Scoperta una nuova specie di rana", "Trovato un nido di dinosauro di 90 milioni di anni", "Ghiaccio d'acqua rilevato al polo sud della Luna"},
				{"Clima, il mese scorso il più caldo mai registrato", "Cambiamento climatico, i ghiacciai si sciolgono più in fretta del previsto"},
				{"Una sonda invia le prime immagini di un asteroide", "Allunaggio riuscito per la sonda europea"},
				{"{Institute} guida un grande progetto sul clima", "Milioni per la ricerca sul clima a {city}"},
			},
			descs: []string{
				"0|Allo studio hanno partecipato ricercatori di {n} Paesi.",
				"0|La scoperta potrebbe cambiare ciò che sappiamo dell'evoluzione.",
				"1,3|I climatologi avvertono che la tendenza continuerà senza tagli drastici alle emissioni.",
			},
			body: []string{
				"0,1|Il gruppo di {institute} ha raccolto dati per {n} anni.",
				"0|«È il risultato che si spera una volta nella vita», spiega {person}.",
				"0|Ricercatori indipendenti dovranno confermare i risultati.",
				"1,3|La temperatura media globale ha superato di {pct1} gradi il livello preindustriale.",
				"0|I campioni saranno analizzati nei laboratori di {city}.",
			},
		},
		spo: {
			titles: [][]string{
				{"Gol all'ultimo respiro, {team} resta in vetta", "Pareggio al {min}': {team} ancora capolista"},
				{"{Team} batte {team2} {score}", "Calcio, {team} in semifinale di Coppa", "{Team} supera {team2} per {score}"},
				{"{Team} esonera l'allenatore", "Dopo {n} partite senza vittorie {team} cambia tecnico"},
				{"Colpo di mercato: {person} firma con {team}", "Calciomercato, {team} ufficializza {person}"},
				{"{Person} vince la maratona di {city}", "Record del percorso per {person} alla maratona di {city}"},
			},
			descs: []string{
				"0,1|Un finale infuocato a {city} riapre la corsa allo scudetto.",
				"0,1|L'allenatore ha ammesso che la squadra è stata fortunata.",
				"2|Il club annuncerà il sostituto nei prossimi giorni.",
			},
			body: []string{
				"0|{Person} ha segnato al {min}' facendo esplodere lo stadio.",
				"0,1|{Team2} ha dominato il primo tempo senza trovare il gol.",
				"0,1|«I ragazzi hanno mostrato carattere», ha detto l'allenatore.",
				"0,1|{K} spettatori hanno seguito la partita a {city}.",
				"0,1|{Team} ha ora {n} punti di vantaggio.",
			},
		},
		tec: {
			titles: [][]string{
				{"{Techco} presenta uno smartphone pieghevole", "{Techco} lancia il suo assistente di intelligenza artificiale"},
				{"Il Garante dei dati apre un'istruttoria su {techco}", "Multa da {bn} milioni di euro per {techco}"},
				{"Attacco informatico blocca i servizi del Comune di {city}", "Hacker contro {company}: rubati dati dei clienti"},
				{"La startup {techco} raccoglie {bn} milioni di euro", "Intelligenza artificiale, {techco} vale oltre un miliardo"},
			},
			descs: []string{
				"0|Il dispositivo arriverà nei negozi il mese prossimo.",
				"1|L'autorità dice di aver ricevuto numerose segnalazioni.",
				"2|I sistemi informatici sono rimasti fuori uso per ore.",
			},
			body: []string{
				"0|«È il nostro aggiornamento più importante», ha detto {person}, fondatore di {techco}.",
				"0|Le prime prove lodano la batteria ma criticano il prezzo.",
				"2|Secondo gli esperti di sicurezza la falla era nota ma non corretta.",
				"1|L'azienda assicura piena collaborazione con le autorità.",
				"0|La produzione partirà entro {n} mesi.",
			},
		},
	},
}
