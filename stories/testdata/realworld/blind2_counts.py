#!/usr/bin/env python3
"""Checks the blind2 batch and prints its counts table for README.md.

The files do not say which events are near misses, so the list lives
here: each near miss names the event it is the same-day twin of. The
script checks that the twins share a day, that every event of more
than one article is told by at least three outlets within ten hours,
and that every line has the fields realworld_test.go reads.
"""
import collections, datetime, itertools, json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
LANGS = ["de", "en", "es", "fr", "it", "nl", "pt"]
FIELDS = {"event", "batch", "language", "source", "published", "title", "description", "content"}

# near miss -> its twin (both within one language)
NEAR = {
    "en-b2-bok-hold": "en-b2-rba-hike",
    "en-b2-ferry-strike": "en-b2-carrowmore-strike",
    "en-b2-semi-dunmore": "en-b2-semi-harrowgate",
    "en-b2-tolland-results": "en-b2-brackenfield-results",
    "en-b2-storm-ines": "en-b2-storm-hester",
    "en-b2-velocab-appeal": "en-b2-hopla-ruling",
    "en-b2-ni-jobless": "en-b2-ireland-gdp",
    "en-b2-pellant-towers": "en-b2-corvane-meridan",
    "en-b2-crossmoor-north": "en-b2-ashby-vale",
    "de-b2-streik-stadtreinigung": "de-b2-streik-hochbahn",
    "de-b2-bgh-diesel": "de-b2-bverfg-kennzeichen",
    "de-b2-kestner-quartal": "de-b2-halvorn-prognose",
    "de-b2-gewitter-berlin": "de-b2-hagel-allgaeu",
    "de-b2-bundestag-mandat": "de-b2-bundestag-tariftreue",
    "de-b2-pleiten-juni": "de-b2-arbeitsmarkt-juni",
    "fr-b2-lamaneurs-fos": "fr-b2-dockers-havre",
    "fr-b2-mondial-maroc-bresil": "fr-b2-mondial-bleus-quart",
    "fr-b2-explosion-nancy": "fr-b2-explosion-feyzin",
    "fr-b2-ce-nice-arrete": "fr-b2-cc-meubles-tourisme",
    "fr-b2-ardenne-cosmetiques": "fr-b2-corvel-ventes",
    "fr-b2-orages-isere": "fr-b2-grele-bordelais",
    "es-b2-bcu-mantiene": "es-b2-bcrp-recorte",
    "es-b2-huelga-cercanias": "es-b2-huelga-metro",
    "es-b2-mundial-argentina-alemania": "es-b2-mundial-espana-inglaterra",
    "es-b2-seismo-murcia": "es-b2-terremoto-granada",
    "es-b2-meridional-resultados": "es-b2-cantabrico-resultados",
    "it-b2-grandine-verona": "it-b2-tromba-lignano",
    "it-b2-nuoto-casadei": "it-b2-nuoto-ferrante",
    "it-b2-gaspadano-conti": "it-b2-enerpiana-conti",
    "it-b2-passaggio-livello": "it-b2-deragliamento-foggia",
    "nl-b2-staking-arriva": "nl-b2-staking-ns",
    "nl-b2-rvs-lelystad": "nl-b2-schiphol-vonnis",
    "nl-b2-giro-vrouwen": "nl-b2-tour-etappe",
    "pt-b2-ine-desemprego": "pt-b2-bdp-previsoes",
    "pt-b2-mundial-marrocos-brasil": "pt-b2-mundial-portugal-franca",
}


# A rough check of how much wording same-event pairs share: words of four
# letters or more (and numbers) in title and description, minus these.
STOP = set("""
with that this from their have been after will about into over than them they were what more most your
when where which while there also only just such other some these those said says über nach eine einer
einem einen sind wird werden nicht noch auch durch beim dass sich mehr sagt pour dans avec sans sont leur
leurs plus après mais cette deux être elle ils nous tout tous para como pero sobre tras entre desde hasta
más está este esta esto sus los las una unos unas del dice afirma della dello degli delle dopo anche sono
come nella nello alla alle agli questa questo zijn voor naar door niet maar wordt worden heeft hebben zich
meer onze deze após pela pelo mais seus suas uma disse
""".split())


def words(a):
    text = (a["title"] + " " + a["description"]).lower()
    return {w for w in re.findall(r"[\w']+", text) if (len(w) >= 4 or w.isdigit()) and w not in STOP}


def read(lang):
    out = []
    with open(os.path.join(HERE, f"blind2-{lang}.jsonl"), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            a = json.loads(line)
            where = f"blind2-{lang}.jsonl:{n}"
            assert set(a) <= FIELDS, (where, set(a) - FIELDS)
            for k in ("event", "source", "language", "published", "title", "description"):
                assert isinstance(a.get(k), str) and a[k], (where, k)
            assert a["batch"] == "blind2" and a["language"] == lang, where
            assert a["event"].startswith(f"{lang}-b2-"), where
            t = datetime.datetime.strptime(a["published"], "%Y-%m-%dT%H:%M:%SZ")
            assert datetime.datetime(2026, 7, 1) <= t < datetime.datetime(2026, 7, 26), where
            a["t"] = t
            out.append(a)
    return out


def main():
    rows, tot = [], collections.Counter()
    for lang in LANGS:
        arts = read(lang)
        ev = collections.defaultdict(list)
        for a in arts:
            ev[a["event"]].append(a)
        for e, xs in ev.items():
            if len(xs) > 1:
                assert len(xs) >= 3 and len({x["source"] for x in xs}) >= 3, e
                span = max(x["t"] for x in xs) - min(x["t"] for x in xs)
                assert span <= datetime.timedelta(hours=10), (e, span)
            if e in NEAR:
                twin = NEAR[e]
                assert twin in ev and len(ev[twin]) >= 3, e
                assert min(x["t"] for x in xs).date() == min(x["t"] for x in ev[twin]).date(), e
            if "-single-" in e:
                assert len(xs) == 1 and e not in NEAR, e
            elif len(xs) == 1:
                assert e in NEAR, (e, "a one-article event is a singleton or a near miss")
        near = [e for e in ev if e in NEAR]
        c = collections.Counter(
            articles=len(arts),
            labels=len(ev),
            told3=sum(len(xs) >= 3 for xs in ev.values()),
            near=len(near),
            near3=sum(len(ev[e]) >= 3 for e in near),
            single=sum("-single-" in e for e in ev),
            pairs=sum(len(xs) * (len(xs) - 1) // 2 for xs in ev.values()),
            content=sum(bool(a.get("content")) for a in arts),
        )
        for xs in ev.values():
            for x, y in itertools.combinations(xs, 2):
                c["shared" + str(min(len(words(x) & words(y)), 2))] += 1
        tot.update(c)
        rows.append((lang, c))
    print("| Language | Articles | Event labels | told by 3+ outlets | near misses (of which told by 3+) | singletons (unrelated) | same-event pairs |")
    print("|---|---|---|---|---|---|---|")
    for lang, c in rows:
        print(f"| {lang} | {c['articles']} | {c['labels']} | {c['told3']} | {c['near']} ({c['near3']}) | {c['single']} | {c['pairs']} |")
    c = tot
    print(f"| **blind2** | **{c['articles']}** | **{c['labels']}** | **{c['told3']}** | **{c['near']} ({c['near3']})** | **{c['single']}** | **{c['pairs']}** |")
    print(f"\n{c['content']} articles carry `content`.")
    print(f"Same-event pairs sharing no word: {c['shared0']}, one: {c['shared1']}, two or more: {c['shared2']}.")


if __name__ == "__main__":
    sys.exit(main())
