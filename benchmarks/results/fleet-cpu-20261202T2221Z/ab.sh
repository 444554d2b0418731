#!/usr/bin/env bash
# ab.sh COUNT ROUNDS JAR... : one fleet (from the first jar), client runs interleaved per round
set -uo pipefail
count=$1; rounds=$2; shift 2
jars=("$@")
coproc FLEET { exec java -cp "${jars[0]}" dev.recyclable.buffers.ssh.fixtures.SimulatedFleet 33 "$count" 1000 2>/tmp/fan17/fleet.log; }
read -r word port fp <&"${FLEET[0]}"
for r in $(seq 1 $rounds); do
  for j in "${jars[@]}"; do
    l=$(cut -d' ' -f1 /proc/loadavg)
    res=$(java ${AB_OPTS:-} -cp "$j" dev.recyclable.buffers.benchmarks.ssh.fanout.FleetBenchmark ours 33 "$port" "$fp" "$count" 1000 2>/tmp/fan17/err.txt | grep RESULT)
    echo "$(basename $j) load=$l $res"
    sleep 3
  done
done
exec {FLEET[1]}>&-
wait
