#!/usr/bin/env python3
"""arbiter serve over HTTP, without a browser: the command line, the headers, the methods.

usage: http_test.py ARBITER WORKDIR
"""
import json
import os
import signal
import subprocess
import sys
import urllib.error
import urllib.request


def fail(why):
    print("FAIL: " + why)
    sys.exit(1)


def start(arbiter, *words):
    server = subprocess.Popen([arbiter, "serve", *words], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    if not line.startswith("arbiter serve: http://"):
        server.kill()
        fail("arbiter serve did not start: %r %r" % (line, server.stderr.read()))
    return server, line.split()[2]


def get(url, method="GET"):
    request = urllib.request.Request(url, method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return reply.status, dict(reply.headers), reply.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()


def expect_exit(arbiter, words, code, text):
    done = subprocess.run([arbiter, "serve", *words], capture_output=True, text=True, timeout=30)
    if done.returncode != code or text not in done.stdout + done.stderr:
        fail("arbiter serve %s: exit %d, %r (wanted %d and %r)" % (" ".join(words), done.returncode,
                                                                   done.stdout + done.stderr, code, text))


def main():
    arbiter, workdir = sys.argv[1:3]
    os.makedirs(workdir, exist_ok=True)
    db = os.path.join(workdir, "serve.db")
    pgn = os.path.join(workdir, "one.pgn")
    with open(pgn, "w") as out:
        out.write('[Event "x"]\n[White "a<b"]\n[Black "c"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 '
                  '4. Qxf7# 1-0\n')
    if os.path.exists(db):
        os.remove(db)
    subprocess.run([arbiter, "import", pgn, "--db", db], check=True, capture_output=True)

    expect_exit(arbiter, ["--help"], 0, "usage: arbiter serve")
    expect_exit(arbiter, [], 2, "--db")
    expect_exit(arbiter, ["--db", os.path.join(workdir, "missing.db")], 2, "missing.db: no such file")
    expect_exit(arbiter, ["--db", db, "--port", "70000"], 2, "--port")
    expect_exit(arbiter, ["--db", db, "--colour", "red"], 2, "--colour")

    server, url = start(arbiter, "--db", db, "--port", "0")
    try:
        status, headers, body = get(url)
        if status != 200 or "<h1>Runs</h1>" not in body:
            fail("GET / gave %d" % status)
        policy = headers.get("Content-Security-Policy", "")
        if "script-src 'self'" not in policy or "default-src 'none'" not in policy:
            fail("no Content-Security-Policy that forbids inline scripts: %r" % policy)
        if not headers.get("X-Arbiter-Version"):
            fail("no X-Arbiter-Version header")
        status, _, body = get(url + "run/1?format=json")
        if status != 200 or json.loads(body)["title"] != "Run 1":
            fail("GET /run/1?format=json gave %d" % status)
        status, _, body = get(url + "games/1.pgn")
        if status != 200 or "Qxf7#" not in body:
            fail("GET /games/1.pgn gave %d %r" % (status, body[:80]))
        status, _, _ = get(url + "no/such/page")
        if status != 404:
            fail("GET /no/such/page gave %d" % status)
        status, _, _ = get(url + "run/1", method="POST")
        if status != 405:
            fail("POST gave %d, not 405" % status)
    finally:
        server.send_signal(signal.SIGTERM)
        code = server.wait(timeout=10)
    if code != 0:
        fail("arbiter serve exited %d on SIGTERM" % code)

    # A stop signal the moment the address is printed, before the server listens, still stops it.
    for signal_number in (signal.SIGTERM, signal.SIGINT) * 3:
        server = subprocess.Popen([arbiter, "serve", "--db", db, "--port", "0"], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True)
        server.stdout.readline()
        server.send_signal(signal_number)
        try:
            code = server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            fail("arbiter serve did not stop on a signal sent as soon as it printed its address")
        if code != 0:
            fail("arbiter serve exited %d on a signal sent as soon as it printed its address" % code)

    # Binding an address other than loopback is explicit and warned about.
    server = subprocess.Popen([arbiter, "serve", "--db", db, "--port", "0", "--bind", "0.0.0.0"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    server.send_signal(signal.SIGINT)
    server.wait(timeout=10)
    warning = server.stderr.read()
    if "warning" not in warning or "anyone who can reach" not in warning:
        fail("no warning for --bind 0.0.0.0: %r %r" % (line, warning))
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
