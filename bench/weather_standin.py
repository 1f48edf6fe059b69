#!/usr/bin/env python3
"""A stand-in for OpenWeatherMap's current-weather endpoint for the weather bench (loopback only).

Answers GET /data/2.5/weather in OpenWeatherMap's format after a fixed pause (a real upstream is not
instant, which is what lets concurrent look-ups overlap), counts the calls, and reports the count at
GET /__calls (POST /__calls resets it).

usage: weather_standin.py PORT PAUSE_SECONDS
"""
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PAUSE = float(sys.argv[2])
calls = 0
lock = threading.Lock()

CURRENT = json.dumps({
    "coord": {"lon": 77.2167, "lat": 28.6667},
    "weather": [{"id": 804, "main": "Clouds", "description": "overcast clouds", "icon": "04d"}],
    "base": "stations",
    "main": {"temp": 30.6, "feels_like": 34.9, "temp_min": 30.05, "temp_max": 30.6,
             "pressure": 1004, "humidity": 40},
    "visibility": 4000, "wind": {"speed": 3.6, "deg": 290}, "clouds": {"all": 100},
    "dt": 1795413600, "sys": {"type": 1, "id": 9165, "country": "IN"},
    "timezone": 19800, "id": 1273294, "name": "Delhi", "cod": 200,
}).encode()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def _send(self, status, body):
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        global calls
        if self.path == "/__calls":
            with lock:
                return self._send(200, str(calls).encode())
        if self.path.startswith("/data/2.5/weather?"):
            with lock:
                calls += 1
            time.sleep(PAUSE)
            return self._send(200, CURRENT)
        self._send(404, b'{"cod":"404","message":"city not found"}')

    def do_POST(self):
        global calls
        with lock:
            calls = 0
        self._send(200, b"0")

    def log_message(self, *args):
        pass


ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
