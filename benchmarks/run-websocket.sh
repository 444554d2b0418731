#!/usr/bin/env bash
# The WebSocket headline runs, each contender in the same JMH run as the code a user writes without us:
#   decode   WebSocketDecodeBenchmark, in-process: client-masked 4 KiB fragments decoded and assembled by ours
#            (plain, and in a Netty pipeline), Netty's stock decoder + aggregator, and ByteArrayOutputStream /
#            StringBuilder code; 3 forks.
#   deflate  WebSocketDeflateBenchmark, in-process: permessage-deflate messages received (ours, ours in Netty,
#            Netty's decoder + extension + aggregator) and sent (ours, Netty's encoder); 3 forks.
#   jdk-text JdkTextBenchmark, in-process: the JDK client's text deliveries handed to its listeners without a
#            socket (what each listener adds per message): the JDK floor, StringBuilder then toString() or
#            getBytes(UTF_8), ours read as a String and as UTF-8 in place; 3 forks.
#   loopback WebSocketLoopbackBenchmark, npm ws sending pre-built frames over loopback to the JDK client with
#            the same listeners; ROUNDS rounds (default 3), each one JMH run with one fork per contender,
#            so that contenders are compared within a run and the rounds give the spread.
# About 40 minutes on 2 cores (jdk-text about 12, loopback about 5 per round). Needs .ci/setup-websocket.sh
# (node and the ws package) for the loopback runs.
# Usage: [PARTS="jdk-text loopback"] [ROUNDS=3] benchmarks/run-websocket.sh [output-dir]; tables: tables.md in
# the output directory. PARTS picks runs from "decode deflate jdk-text loopback" (default: all four).
set -euo pipefail
source "$(dirname "$0")/bench-common.sh"

out="${1:-$here/results/websocket-$(date -u +%Y%m%dT%H%M%SZ)}"
mkdir -p "$out" && out="$(cd "$out" && pwd)"
ensure_jar
record_machine "$out"
cd "$root" # the loopback benchmark finds the node peer from the repository root

parts=" ${PARTS:-decode deflate jdk-text loopback} "
wanted() { [[ "$parts" == *" $1 "* ]]; }

short=(-wi 3 -w 500ms -i 4 -r 500ms -prof gc -foe true)
if wanted decode; then
  run_jmh decode 'dev.recyclable.buffers.benchmarks.websocket.WebSocketDecodeBenchmark' -f 3 "${short[@]}" \
    -p messageBytes=1024,65536,1048576
fi
if wanted deflate; then
  run_jmh deflate 'dev.recyclable.buffers.benchmarks.websocket.WebSocketDeflateBenchmark' -f 3 "${short[@]}"
fi
if wanted jdk-text; then
  run_jmh jdk-text 'dev.recyclable.buffers.benchmarks.websocket.JdkTextBenchmark' -f 3 "${short[@]}"
fi
clients=jdkFloor,jdkTypical,jdkTypicalUtf8,jdkRecyclable,jdkRecyclableString
if wanted loopback; then
  for round in $(seq 1 "${ROUNDS:-3}"); do
    run_jmh "loopback-round$round" 'dev.recyclable.buffers.benchmarks.websocket.WebSocketLoopbackBenchmark' \
      -p type=TEXT,JSON -p frames=prebuilt -p client="$clients" -f 1 -wi 2 -w 1 -i 3 -r 1 -prof gc -foe true
  done
fi

echo "load average after the run: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/machine.txt"
table="python3 $here/contender-table.py"
{
  if wanted decode; then
    echo "## decode"
    $table WebSocketDecodeBenchmark method typical:recyclable,nettyStock:recyclableNetty "$out/decode.json"
    echo
  fi
  if wanted deflate; then
    echo "## deflate"
    $table WebSocketDeflateBenchmark method receiveNettyStock:receiveRecyclable,receiveNettyStock:receiveRecyclableNetty,sendNettyStock:sendRecyclable \
      "$out/deflate.json"
    echo
  fi
  if wanted jdk-text; then
    echo "## jdk-text"
    $table JdkTextBenchmark client jdkTypical:jdkRecyclableString,jdkTypicalUtf8:jdkRecyclable "$out/jdk-text.json"
    echo
    echo "## jdk-text: cost above the JDK client's floor"
    python3 "$here/jdk-text-cost.py" "$out/jdk-text.json"
    echo
  fi
  if wanted loopback; then
    echo "## loopback"
    $table WebSocketLoopbackBenchmark client jdkTypical:jdkRecyclableString,jdkTypicalUtf8:jdkRecyclable \
      "$out"/loopback-round*.json
  fi
} > "$out/tables.md"
cat "$out/machine.txt" "$out/tables.md"
echo "results: $out"
