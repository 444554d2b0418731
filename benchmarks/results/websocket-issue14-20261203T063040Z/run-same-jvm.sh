#!/bin/bash
# Same-JVM A/B passes: one JVM per cell and pass; in it, base and new decoders alternate in
# ABBA-ordered slices (PAIRS pairs of SLICE_MS each, after WARMUP_MS of alternating warm-up).
cd "$(dirname "$0")"
PASSES=${PASSES:-3}; PAIRS=${PAIRS:-40}; SLICE_MS=${SLICE_MS:-100}; WARMUP_MS=${WARMUP_MS:-4000}
mkdir -p out
for p in $(seq 1 $PASSES); do
  for size in 1024 65536 1048576 16777216; do
    for type in TEXT BINARY; do
      for path in array bytebuf; do
        echo "$(date -u +%H:%M:%S) pass $p $size $type $path loadavg: $(cut -d' ' -f1-3 /proc/loadavg)" >> out/load.log
        java -Xms2g -Xmx2g -Dio.netty.leakDetection.level=disabled -cp harness.jar:new.jar \
          dev.recyclable.buffers.benchmarks.websocket.DecodeAB $size $type $path $PAIRS $SLICE_MS $WARMUP_MS \
          > out/p$p-$size-$type-$path.txt 2>&1
      done
    done
  done
done
echo "$(date -u +%H:%M:%S) finished loadavg: $(cut -d' ' -f1-3 /proc/loadavg)" >> out/load.log
