#!/usr/bin/env bash
# Fleet fan-out benchmark: one command on N distinct hosts, N = 2,000 / 5,000 / 10,000 by default.
# The fleet is buffers-ssh's SimulatedFleet (test-jar) in a JVM of its own: Apache MINA SSHD listening on N
# loopback addresses 127.<block>.x.y (Linux routes all of 127/8 to lo), one host key, each command answered after
# FLEET_DELAY_MS (default 1000) without forking. Per count, one client JVM per contender, in the same run:
#   ours  FanoutExecutor, defaults except maxInFlight(P), targets streamed from an iterator
#   sshj  a new SSHClient per target on a pool of P threads
# P = FLEET_PARALLELISM (default 1000). Every output is verified. Prints one RESULT line per contender and count
# (wall, client CPU per target, peak threads, peak heap, live heap during and after, our dispatch thread's CPU).
# Class: dev.recyclable.buffers.benchmarks.ssh.fanout.FleetBenchmark (a main class, not JMH). Not part of the tests.
#
# Usage: benchmarks/run-fleet.sh [count ...]        (rebuilds benchmarks.jar first unless FLEET_NO_BUILD=1)
# Env: FLEET_PARALLELISM, FLEET_DELAY_MS, FLEET_BLOCK (second octet of the addresses, default 31),
#      FLEET_CONTENDERS (default "ours sshj"), FLEET_JAVA_OPTS (e.g. -Dfleet.connectors=32 for an experiment),
#      FLEET_ROUNDS (default 1: repeats every count, contender and jar, interleaved, for medians and spread),
#      FLEET_CLIENT_JARS (client jars to compare, interleaved, e.g. "/tmp/before.jar /tmp/after.jar"; default the
#      freshly built benchmarks.jar; each RESULT line then names its jar). The RESULT line ends with where the
#      client CPU went (user/kernel, JIT and GC threads, the rest: the application's threads).
set -euo pipefail
source "$(dirname "$0")/bench-common.sh"

counts=("$@")
if [[ ${#counts[@]} -eq 0 ]]; then counts=(2000 5000 10000); fi
parallelism="${FLEET_PARALLELISM:-1000}"
delay_ms="${FLEET_DELAY_MS:-1000}"
block="${FLEET_BLOCK:-31}"
contenders="${FLEET_CONTENDERS:-ours sshj}"
max=0
for c in "${counts[@]}"; do (( c > max )) && max=$c; done

if [[ -z "${FLEET_NO_BUILD:-}" ]]; then
  echo "building $jar (buffers-ssh with its test-jar, and the benchmarks module)..."
  (cd "$root" && mvn -q -B -DskipTests -pl benchmarks -am package)
fi
ensure_jar
out="$here/results/fleet-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$out"
record_machine "$out"

coproc FLEET { exec java -cp "$jar" dev.recyclable.buffers.ssh.fixtures.SimulatedFleet "$block" "$max" "$delay_ms" \
  2>"$out/fleet-server.log"; }
fleet_pid=$FLEET_PID
fleet_in=${FLEET[1]}
trap 'exec {fleet_in}>&- 2>/dev/null || true; wait "$fleet_pid" 2>/dev/null || true' EXIT
read -r word port fingerprint <&"${FLEET[0]}"
[[ "$word" == FLEET ]] || { echo "fleet did not start:"; cat "$out/fleet-server.log"; exit 1; }
echo "fleet of $max hosts on 127.$block.x.y:$port, answers after $delay_ms ms; $(nproc) cores;" \
  "load $(cut -d' ' -f1-3 /proc/loadavg); $(java -version 2>&1 | head -1)" | tee "$out/results.txt"

client_jars=(${FLEET_CLIENT_JARS:-$jar})
for round in $(seq 1 "${FLEET_ROUNDS:-1}"); do
  for count in "${counts[@]}"; do
    for contender in $contenders; do
      for client_jar in "${client_jars[@]}"; do
        label=""
        if [[ ${#client_jars[@]} -gt 1 ]]; then label="$(basename "$client_jar") "; fi
        err="$out/err-$contender-$count.txt"
        java ${FLEET_JAVA_OPTS:-} -cp "$client_jar" dev.recyclable.buffers.benchmarks.ssh.fanout.FleetBenchmark "$contender" \
          "$block" "$port" "$fingerprint" "$count" "$parallelism" 2>"$err" | grep RESULT | sed "s|^|$label|" \
          | tee -a "$out/results.txt" \
          || { echo "$label$contender $count failed:" | tee -a "$out/results.txt"; tail -5 "$err"; }
        echo "  load after: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/results.txt"
        sleep 3 # let the fleet reap the sessions before the next contender
      done
    done
  done
done
echo "load average after the run: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/machine.txt"
echo "results: $out"
