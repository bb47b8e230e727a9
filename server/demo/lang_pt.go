package demo

import "tidings/model"

// bankPT writes Portuguese for outlets in Portugal and Brazil.
var bankPT = &bank{
	lang: "pt", decimal: ",", thousand: ".", score: "x",
	leads:  []string{"O que se sabe até agora.", "Os pontos principais."},
	filler: []string{"Não foram divulgados mais pormenores de imediato.", "É esperada uma declaração oficial ao longo do dia.", "Este artigo será atualizado."},
	outlets: []outlet{
		o("Diário da Ribeira", gen, "pt"), o("Jornal do Tejo", gen, "pt"),
		o("Mercado e Empresas", biz, "pt"), o("Bola ao Centro", spo, "pt"),
		o("Folha do Planalto", gen, "br"), o("Correio da Baía", gen, "br"),
		o("Tela e Palco", ent, "br"), o("Viver Bem Saúde", hea, "br"),
		o("Ciência em Pauta", sci, "br"), o("Conexão Digital", tec, "br"),
		o("Placar Nacional", spo, "br"),
	},
	about: map[model.Category][]string{
		gen: {"{name}: política, sociedade e mundo, com jornalismo independente desde {year}.",
			"Notícias 24 horas por dia: {name} conta o que acontece na sua cidade e no mundo."},
		biz: {"{name} acompanha mercados, empresas e a economia."},
		ent: {"Cinema, séries, música e famosos: estreias e críticas do {name}."},
		hea: {"{name} informa sobre medicina, prevenção e bem-estar."},
		sci: {"Espaço, clima e biologia: {name} explica a ciência."},
		spo: {"Futebol, vôlei, ténis e muito mais: resultados e análises do {name}."},
		tec: {"{name} cobre tecnologia, aplicações, inteligência artificial e startups."},
	},
	first: []string{"Ana", "João", "Beatriz", "Pedro", "Mariana", "Rafael", "Inês", "Tiago", "Larissa", "Gustavo", "Carolina", "Rodrigo"},
	last:  []string{"Silva", "Santos", "Oliveira", "Pereira", "Costa", "Almeida", "Ferreira", "Rocha", "Carvalho", "Moura", "Nascimento", "Gonçalves"},
	slots: map[string][]string{
		"city":      {"Porto", "Braga", "Coimbra", "Recife", "Salvador", "Curitiba", "Belo Horizonte", "Fortaleza", "Manaus", "Faro", "Porto Alegre"},
		"company":   {"Grupo Atlântico", "Energias do Norte", "Banco Serrano", "Telecom Aurora", "Siderúrgica Vale Verde", "Farmaluz", "Transportes Cruzeiro"},
		"party":     {"a Aliança Cívica", "o Movimento Renovar", "a União Democrática", "o Partido Verde Cidadão"},
		"minister":  {"o ministro da Economia", "a ministra da Saúde", "o primeiro-ministro", "a ministra dos Transportes"},
		"team":      {"Atlético Ribeirinho", "Sporting da Serra", "União Planaltina", "Desportivo Mar Azul", "Clube Estrela do Sul", "Ferroviário Central"},
		"disease":   {"a dengue", "a gripe", "o sarampo", "a tosse convulsa"},
		"hospital":  {"Hospital São Lucas", "Hospital Central do Porto", "Santa Casa de Curitiba"},
		"institute": {"a Universidade de Coimbra", "o Instituto de Ciências do Mar", "o Observatório do Planalto", "o Centro Nacional do Clima"},
		"film":      {"A Última Travessia", "Jardins de Vidro", "Meia-Noite no Cais", "Sal e Ferro"},
		"band":      {"Os Lampiões", "Maré Alta", "Papagaios de Papel"},
		"techco":    {"Quântica", "NuvemSul", "Pixelar", "Sinapse IA"},
		"day":       {"segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado", "domingo"},
	},
	topics: map[model.Category]*topic{
		gen: {
			titles: [][]string{
				{"Eleições em {city}: vitória surpresa para {party}", "{Party} vence eleição em {city}", "Após a eleição, {party} reivindica a vitória"},
				{"Demite-se {minister} após polémica com o orçamento", "Orçamento: {minister} deixa o cargo"},
				{"Cheias em {city}: milhares de casas sem luz", "Temporal: {city} enfrenta as piores chuvas em {n} anos"},
				{"Milhares marcham em {city} pelo clima", "Protesto climático para o centro de {city}"},
				{"Greve nos transportes: caos em {city} na {day}", "Greve cancelada após acordo de última hora"},
			},
			descs: []string{
				"2,3,4|A situação em {city} continuava confusa na noite de {day}.",
				"0,1|A decisão marca uma viragem para o governo, atrás de {party} nas sondagens.",
				"O que se sabe até agora e o que muda para os moradores de {city}.",
			},
			body: []string{
				"0|A participação chegou a {n}%, segundo os dados oficiais.",
				"0|“É uma mensagem clara dos eleitores”, disse {person} em {city}.",
				"A oposição acusa o governo de ignorar os alertas durante anos.",
				"2|Os bombeiros registaram mais de {k} ocorrências desde a madrugada.",
				"2|A proteção civil mantém o alerta vermelho até {day}.",
				"1,2|{Minister} prometeu uma investigação independente.",
				"1|As associações consideram a medida insuficiente.",
			},
		},
		biz: {
			titles: [][]string{
				{"Banco central mantém juros em {pct}%", "Juros: banco central faz pausa em {pct}%"},
				{"{Company} vai cortar {k} postos de trabalho", "Demissões na {company}: {k} empregos em risco"},
				{"Inflação desacelera para {pct1}%", "Preços: inflação recua para {pct1}%"},
				{"{Company} compra {company2} por {bn} mil milhões", "Negócio bilionário: {company} fica com {company2}"},
				{"{Company} eleva previsões e ações sobem {pct1}%", "Resultados da {company} superam expectativas"},
			},
			descs: []string{
				"0,2|Os economistas esperavam a decisão e preveem o primeiro corte na primavera.",
				"4|Os investidores aplaudiram os resultados logo na abertura da bolsa.",
				"1|O grupo espera poupar cerca de {bn} mil milhões por ano.",
			},
			body: []string{
				"0,2|A inflação continua acima da meta, mas está na direção certa, disse o banco central.",
				"1|“Esperamos um cenário difícil”, alertou {person}, líder da {company}.",
				"4|As receitas chegaram a {bn} mil milhões no terceiro trimestre.",
				"3|As ações da {company2} caíram {pct1}%.",
				"3|O negócio ainda precisa da aprovação da autoridade da concorrência.",
				"1|Os sindicatos convocaram uma manifestação em {city}.",
			},
		},
		ent: {
			titles: [][]string{
				{"“{film}” vence o grande prémio do festival de {city}", "Festival de {city}: “{film}” é o melhor filme"},
				{"“{film}” lidera as bilheteiras", "Sucesso surpresa: “{film}” soma {k} espectadores"},
				{"{Band} anunciam regresso aos palcos", "Depois de {n} anos, {band} voltam em digressão"},
				{"{Person} será protagonista de “{film}”", "Cinema: {person} entra no elenco de “{film}”"},
			},
			descs: []string{
				"0,1,3|A crítica elogia uma realização sóbria e precisa.",
				"2,3|Os fãs esperavam o anúncio há meses.",
				"3|As filmagens começam na primavera em {city}.",
			},
			body: []string{
				"0,1,3|“Nunca imaginei que esta história chegasse tão longe”, disse {person}.",
				"0,1,3|O filme é realizado por {person2}.",
				"2|Os bilhetes estarão à venda a partir de {day}.",
				"1|No primeiro fim de semana, {k} pessoas viram o filme.",
				"0|A cerimónia decorre em março em {city}.",
			},
		},
		hea: {
			titles: [][]string{
				{"Casos de {disease} aumentam em {city}", "Saúde recomenda vacinação contra {disease}"},
				{"Novo medicamento reduz o risco em {n}%, diz estudo", "Alzheimer: ensaio clínico traz esperança"},
				{"Listas de espera para cirurgias batem recorde", "{Hospital} abre nova unidade para reduzir esperas"},
				{"Enfermeiros em greve por mais pessoal", "Greve na saúde na {day}: o que precisa de saber"},
			},
			descs: []string{
				"0|Os especialistas falam em semanas decisivas.",
				"1|O estudo baseia-se em dados de mais de {k} participantes.",
				"1|Os médicos mostram-se cautelosamente otimistas.",
			},
			body: []string{
				"0|Foram registados {n} novos casos na semana passada.",
				"0|“A vacinação continua a ser a melhor proteção”, lembra {person}, especialista em saúde pública em {city}.",
				"1|O ensaio acompanhou {k} doentes durante dois anos.",
				"1|Os especialistas sublinham que é preciso mais investigação.",
				"{Minister} anunciou mais recursos para o inverno.",
			},
		},
		sci: {
			titles: [][]string{
				{"Cientistas descobrem nova espécie de rã", "Encontrado ninho de dinossauro com 90 milhões de anos", "Gelo de água detetado no polo sul da Lua"},
				{"Clima: mês passado foi o mais quente de sempre", "Alterações climáticas: glaciares derretem mais depressa do que o previsto"},
				{"Sonda envia primeiras imagens de um asteroide", "Alunagem bem-sucedida para sonda europeia"},
				{"{Institute} lidera grande projeto sobre o clima", "Milhões para a investigação climática em {city}"},
			},
			descs: []string{
				"0|O estudo envolveu investigadores de {n} países.",
				"0|A descoberta pode mudar o que sabemos sobre a evolução.",
				"1,3|Os climatologistas avisam que a tendência vai continuar sem cortes profundos de emissões.",
			},
			body: []string{
				"0,1|A equipa de {institute} recolheu dados durante {n} anos.",
				"0|“É o tipo de resultado que se espera uma vez na vida”, explica {person}.",
				"0|Investigadores independentes ainda têm de confirmar os resultados.",
				"1,3|A temperatura média global ficou {pct1} graus acima do nível pré-industrial.",
				"0|As amostras serão analisadas em laboratórios de {city}.",
			},
		},
		spo: {
			titles: [][]string{
				{"Golo no fim mantém {team} na liderança", "Empate aos {min} minutos: {team} continua líder"},
				{"{Team} vence {team2} por {score}", "Futebol: {team} nas meias-finais da taça", "{Team} bate {team2} ({score})"},
				{"{Team} despede treinador", "Após {n} jogos sem vencer, {team} muda de treinador"},
				{"Transferência recorde: {person} assina pelo {team}", "Mercado: {team} oficializa {person}"},
				{"{Person} vence a maratona de {city}", "Recorde do percurso para {person} na maratona de {city}"},
			},
			descs: []string{
				"0,1|Um final emocionante em {city} reabre a luta pelo título.",
				"0,1|O treinador admitiu que a equipa teve sorte.",
				"2|O clube vai anunciar o substituto nos próximos dias.",
			},
			body: []string{
				"0|{Person} marcou aos {min} minutos e levou o estádio ao delírio.",
				"0,1|{Team2} dominou a primeira parte mas não marcou.",
				"0,1|“Os jogadores mostraram caráter esta noite”, disse o treinador.",
				"0,1|{K} adeptos assistiram ao jogo em {city}.",
				"0,1|{Team} tem agora {n} pontos de vantagem.",
			},
		},
		tec: {
			titles: [][]string{
				{"{Techco} apresenta telemóvel dobrável", "{Techco} lança assistente de inteligência artificial"},
				{"Regulador de dados investiga {techco}", "Multa de {bn} milhões para {techco}"},
				{"Ataque informático paralisa serviços da câmara de {city}", "Hackers roubam dados de clientes da {company}"},
				{"Startup {techco} capta {bn} milhões", "Inteligência artificial: {techco} já vale mais de mil milhões"},
			},
			descs: []string{
				"0|O aparelho chega às lojas no próximo mês.",
				"1|O regulador diz ter recebido muitas queixas.",
				"2|Os sistemas informáticos estiveram em baixo durante horas.",
			},
			body: []string{
				"0|“É a nossa maior atualização de sempre”, garantiu {person}, líder da {techco}.",
				"0|Os primeiros testes elogiam a bateria mas criticam o preço.",
				"2|Segundo especialistas em segurança, a falha era conhecida mas não corrigida.",
				"1|A empresa diz colaborar com as autoridades.",
				"0|A produção arranca dentro de {n} meses.",
			},
		},
	},
}
