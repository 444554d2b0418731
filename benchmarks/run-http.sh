#!/usr/bin/env bash
# The HTTP headline runs, each contender in the same JMH run as the code a user writes without us, against the
# Node.js peer (buffers-http/src/test/node/http-peer.js: Node's http and http2 modules, outside this JVM, so that
# -prof gc counts the client's allocation alone), HTTP/1.1 in the clear and HTTP/2 over TLS, bodies of 1 KiB,
# 64 KiB, 1 MiB and 16 MiB of JSON:
#   response HttpResponseBenchmark: discarding() (the client's floor), ofByteArray, ofString, ofInputStream read
#            into a ByteArrayOutputStream, a subscriber keeping the client's own buffers, and ours
#            (RecyclableBodyHandler, and its text()); 3 forks.
#   request  HttpRequestBenchmark: buffers made once (the client's floor), ofByteArray of an array made once,
#            ofByteArray(stream.toByteArray()), and ours (RecyclableBodyPublisher); 3 forks.
# About 85 minutes on 2 cores (response about 55, request about 30); the shorter form
# JMH_TIMING="-f 2 -wi 2 -w 1s -i 4 -r 1s" takes about 35. Needs Node.js 18+ (.ci/setup-http.sh).
# Usage: [PARTS="response"] [JMH_TIMING="..."] benchmarks/run-http.sh [output-dir]; tables: tables.md in the
# output directory.
set -euo pipefail
source "$(dirname "$0")/bench-common.sh"

out="${1:-$here/results/http-$(date -u +%Y%m%dT%H%M%SZ)}"
mkdir -p "$out" && out="$(cd "$out" && pwd)"
ensure_jar
record_machine "$out"
cd "$root" # the benchmarks find the node peer from the repository root

parts=" ${PARTS:-response request} "
wanted() { [[ "$parts" == *" $1 "* ]]; }

read -r -a timing <<< "${JMH_TIMING:--f 3 -wi 3 -w 2s -i 5 -r 2s}"
echo "jmh timing: ${timing[*]}" >> "$out/machine.txt"
common=("${timing[@]}" -prof gc -foe true)
if wanted response; then
  run_jmh response 'dev.recyclable.buffers.benchmarks.http.HttpResponseBenchmark' "${common[@]}"
fi
if wanted request; then
  run_jmh request 'dev.recyclable.buffers.benchmarks.http.HttpRequestBenchmark' "${common[@]}"
fi

echo "load average after the run: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/machine.txt"
table="python3 $here/contender-table.py"
{
  if wanted response; then
    echo "## response"
    $table HttpResponseBenchmark handler ofByteArray:recyclable,ofString:recyclableText,ofInputStream:recyclable,discarding:recyclable \
      "$out/response.json"
    echo
  fi
  if wanted request; then
    echo "## request"
    $table HttpRequestBenchmark publisher toByteArray:recyclable,ofByteArray:recyclable,floor:recyclable "$out/request.json"
    echo
  fi
  python3 "$here/http-cost.py" "$out"/*.json
} > "$out/tables.md"
cat "$out/machine.txt" "$out/tables.md"
echo "results: $out"
