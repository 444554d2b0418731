#!/usr/bin/env bash
# Prepares a fresh Debian machine for the buffers-http interop tests.
#
# The tests start Node.js's own http and http2 modules as the independent HTTP peer
# (buffers-http/src/test/node/http-peer.js: no npm package), HTTP/2 over TLS with a certificate
# each test makes with the JDK's keytool. Needs Node.js 18 or later (socket.resetAndDestroy for
# the TCP reset cases); if node is missing or older, Debian's nodejs package is installed.
#
# Idempotent.
set -euo pipefail

node_major() {
  node -e 'process.stdout.write(process.versions.node.split(".")[0])' 2>/dev/null || echo 0
}

if ! command -v node >/dev/null 2>&1 || [[ "$(node_major)" -lt 18 ]]; then
  if [[ "$(id -u)" -ne 0 ]]; then
    echo "setup-http.sh: Node.js 18 or later is missing and this is not root to install it" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends nodejs
fi

node -e 'const h2 = require("http2"); const net = require("net");
if (typeof h2.createSecureServer !== "function" || typeof net.Socket.prototype.resetAndDestroy !== "function") process.exit(1);
console.log("setup-http.sh: node " + process.version + " with http2 and socket.resetAndDestroy");'
