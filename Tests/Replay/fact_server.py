# A NumberFact server for scripts/test.d/47-replay on 127.0.0.1: GET /N answers
# "fact N (request K)" where K counts the requests; prints its port, then serves until killed.
import http.server, sys

count = 0

class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        global count
        count += 1
        body = f"fact {self.path.strip('/')} (request {count})".encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass

server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
