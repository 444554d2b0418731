#!/usr/bin/env bash
# Prepares a fresh Debian machine for the buffers-websocket interop tests.
#
# The tests start an independent WebSocket peer, the npm `ws` package, as `node <script>` on
# 127.0.0.1. This script installs exactly the version pinned in the lock file next to those
# scripts (buffers-websocket/src/test/node); node_modules is git-ignored. Node.js and npm are
# expected on the machine; if they are missing they come from Debian's packages.
#
# Idempotent. Environment:
#   RB_WS_NODE_DIR   where the package.json lives (default: next to this repo's test sources)
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
node_dir="${RB_WS_NODE_DIR:-$repo_root/buffers-websocket/src/test/node}"

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  if [[ "$(id -u)" -ne 0 ]]; then
    echo "setup-websocket.sh: node/npm missing and not root to install them" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends nodejs npm
fi

cd "$node_dir"
# `npm ci` installs exactly the lock file and fails if package.json and the lock disagree.
npm ci --no-audit --no-fund --loglevel=error

node -e 'const ws = require("ws"); const p = require("ws/package.json"); if (typeof ws.WebSocketServer !== "function") process.exit(1); console.log("setup-websocket.sh: node " + process.version + ", ws " + p.version + " in " + process.cwd());'
