package normalise

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// benchFeed is a 50-item RSS 2.0 feed shaped like a newspaper's: HTML
// descriptions, full text in content:encoded, images, tracking in links.
func benchFeed() []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
<channel><title>The Example Times</title><link>https://www.example.com/</link><description>All the news</description><language>en-us</language><ttl>5</ttl>
`)
	para := "<p>The council voted on Tuesday to approve the new budget, which includes funding for <a href=\"/schools\">schools</a> &amp; roads.</p>"
	for i := range 50 {
		fmt.Fprintf(&b, `<item>
<title>Story number %d: council approves the budget &amp; more</title>
<link>https://www.example.com/2024/12/%02d/story-%d.html?utm_source=rss&amp;utm_medium=feed</link>
<guid isPermaLink="false">example-%d</guid>
<description><![CDATA[<p>Officials said the <b>bridge</b> would reopen &mdash; eventually.</p>]]></description>
<content:encoded><![CDATA[%s<img src="/img/%d.jpg">]]></content:encoded>
<dc:creator>Reporter %d</dc:creator>
<pubDate>Tue, 10 Dec 2024 %02d:%02d:00 +0000</pubDate>
<media:content url="https://img.example.com/%d-800.jpg" medium="image" width="800"/>
</item>
`, i, i%28+1, i, i, strings.Repeat(para, 12), i, i%7, i%24, i%60, i)
	}
	b.WriteString("</channel></rss>\n")
	return []byte(b.String())
}

func BenchmarkParse(b *testing.B) {
	body := benchFeed()
	at := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	if doc, err := Parse(body, "application/rss+xml", "https://www.example.com/feed", at); err != nil || len(doc.Items) != 50 {
		b.Fatalf("bench feed: %v", err)
	}
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(body, "application/rss+xml", "https://www.example.com/feed", at)
	}
}
