#!/bin/bash
# JMH A/B for issue 14: base (d698e3b) and new (main) jars alternated ABBA, WebSocketDecodeBenchmark recyclable and recyclableNetty
cd /tmp/wsab
i=0
for jar in base new new base; do
  i=$((i+1))
  echo "$(date -u +%H:%M:%S) run $i $jar load $(cut -d' ' -f1-3 /proc/loadavg)" >> load.log
  java -jar /tmp/ws-$jar.jar 'WebSocketDecodeBenchmark\.(recyclable|recyclableNetty)$' -f 1 -prof gc \
     -rf json -rff run$i-$jar.json > run$i-$jar.txt 2>&1
done
echo "$(date -u +%H:%M:%S) done load $(cut -d' ' -f1-3 /proc/loadavg)" >> load.log
