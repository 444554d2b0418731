#!/bin/bash
# A/B of WebSocketDecodeBenchmark (recyclable, recyclableNetty; TEXT and BINARY) between the base
# jar (main, d698e3b) and the new jar (branch ws14): for every round and message size, one JMH run
# of each jar back to back (4 cells, one fork each), the jar order flipped every round (ABBA).
cd "$(dirname "$0")"
ROUNDS=${ROUNDS:-2}
FIRST=${FIRST:-1}
for r in $(seq $FIRST $ROUNDS); do
  for size in 1024 65536 1048576 16777216; do
    if [ $((r % 2)) -eq 1 ]; then order="base new"; else order="new base"; fi
    for jar in $order; do
      echo "$(date -u +%H:%M:%S) r$r $jar $size loadavg: $(cut -d' ' -f1-3 /proc/loadavg)" >> load.log
      java -Djmh.ignoreLock=true -jar $jar.jar 'WebSocketDecodeBenchmark\.(recyclable|recyclableNetty)$' \
        -p messageBytes=$size -p type=TEXT,BINARY -f 1 -wi 3 -i 5 -w 1 -r 1 -prof gc \
        -rf json -rff raw/r$r-$jar-$size.json > raw/r$r-$jar-$size.log 2>&1
    done
  done
done
echo "$(date -u +%H:%M:%S) finished loadavg: $(cut -d' ' -f1-3 /proc/loadavg)" >> load.log
