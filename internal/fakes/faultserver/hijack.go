package faultserver

import (
	"bufio"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
)

// truncate sends rec's status and headers with the full Content-Length,
// then half the body, then closes the connection. It must hijack: the
// ResponseWriter refuses to send fewer bytes than it announced and would
// close the connection itself at an unpredictable point.
func truncate(w http.ResponseWriter, rec *httptest.ResponseRecorder) {
	body := rec.Body.Bytes()
	sent := len(body) / 2
	declared := max(len(body), sent+1) // an empty body still promises a byte

	conn, buf, ok := hijack(w)
	if !ok {
		return
	}
	defer conn.Close()
	h := rec.Header().Clone()
	h.Set("Content-Length", strconv.Itoa(declared))
	h.Set("Connection", "close")
	_, _ = buf.WriteString("HTTP/1.1 " + strconv.Itoa(rec.Code) + " " + http.StatusText(rec.Code) + "\r\n")
	_ = h.Write(buf)
	_, _ = buf.WriteString("\r\n")
	_, _ = buf.Write(body[:sent])
	_ = buf.Flush()
}

// reset aborts the connection with a TCP RST: SO_LINGER 0 makes close
// discard the socket instead of the orderly FIN a normal close sends.
func reset(w http.ResponseWriter) {
	conn, _, ok := hijack(w)
	if !ok {
		return
	}
	if tcp, isTCP := conn.(*net.TCPConn); isTCP {
		_ = tcp.SetLinger(0)
	}
	_ = conn.Close()
}

// hijack takes the connection over from net/http. When that is impossible
// (HTTP/2, or a wrapped writer) the client gets a 500 naming the problem,
// so a test that expected a broken connection fails with a reason.
func hijack(w http.ResponseWriter) (net.Conn, *bufio.ReadWriter, bool) {
	conn, buf, err := http.NewResponseController(w).Hijack()
	if err != nil {
		http.Error(w, "faultserver: cannot take over the connection: "+err.Error(), http.StatusInternalServerError)
		return nil, nil, false
	}
	return conn, buf, true
}
