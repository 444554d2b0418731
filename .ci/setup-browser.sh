#!/usr/bin/env bash
# Prepares a fresh Debian machine for the buffers-websocket browser test (BrowserPeerTest).
#
# The test starts Debian's `chromium` headless (fresh profile, no sandbox, no background
# networking) against a page served by our Netty server on 127.0.0.1, and fails when no browser
# is found. This script installs that package when `chromium` is not on the PATH yet.
#
# Must run as root when chromium is missing. Idempotent.
set -euo pipefail

if ! command -v chromium >/dev/null 2>&1; then
  if [[ "$(id -u)" -ne 0 ]]; then
    echo "setup-browser.sh: chromium missing and not root to install it" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q chromium
fi

# Debian's launcher script may print shell warnings first; the version line names Chromium.
echo "setup-browser.sh: $(chromium --version 2>/dev/null | grep -m1 Chrom || echo 'chromium --version failed')"
