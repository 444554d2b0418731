#!/bin/bash
while pgrep -f /tmp/wsab/run.sh >/dev/null; do sleep 5; done
cd /tmp/coreab
i=0
for jar in base new new base; do
  i=$((i+1))
  echo "$(date -u +%H:%M:%S) run $i $jar load $(cut -d' ' -f1-3 /proc/loadavg)" >> load.log
  java -jar /tmp/ws-$jar.jar 'core\.(StreamWriteBenchmark|TinyStreamBenchmark)\.recyclable$' -f 1 -prof gc \
     -p totalBytes=1024,65536,1048576 -p pieceBytes=1,128,4096 -rf json -rff run$i-$jar.json > run$i-$jar.txt 2>&1
done
echo "$(date -u +%H:%M:%S) done load $(cut -d' ' -f1-3 /proc/loadavg)" >> load.log
cd /work/main/benchmarks && cd /tmp/loop12
for r in 1 2; do
  echo "$(date -u +%H:%M:%S) loopback round $r load $(cut -d' ' -f1-3 /proc/loadavg)" >> load.log
  (cd /work/main && java -jar /tmp/ws-new.jar 'websocket.WebSocketLoopbackBenchmark' -p messageBytes=1024 -f 1 -wi 2 -w 1s -i 5 -r 1s -prof gc \
     -rf json -rff /tmp/loop12/round$r.json) > round$r.txt 2>&1
done
echo "$(date -u +%H:%M:%S) done load $(cut -d' ' -f1-3 /proc/loadavg)" >> load.log
