#!/bin/bash
while pgrep -f /tmp/chain.sh >/dev/null; do sleep 5; done
cd /tmp/target14
i=0
for jar in base new base new; do
  i=$((i+1))
  echo "$(date -u +%H:%M:%S) run $i $jar load $(cut -d' ' -f1-3 /proc/loadavg)" >> load.log
  java -jar /tmp/ws-$jar.jar 'core\.StreamWriteBenchmark\.recyclable$|WebSocketDecodeBenchmark\.recyclable$' -f 3 -prof gc \
     -p totalBytes=65536 -p pieceBytes=4096 -p messageBytes=65536 -p type=TEXT -rf json -rff run$i-$jar.json > run$i-$jar.txt 2>&1
done
echo "$(date -u +%H:%M:%S) done load $(cut -d' ' -f1-3 /proc/loadavg)" >> load.log
