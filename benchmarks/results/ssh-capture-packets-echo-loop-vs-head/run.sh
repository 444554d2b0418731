#!/usr/bin/env bash
# The capture allocation of the same 71,000 bytes sent as a few large packets (`yes LINE | head -n 1000`) and
# as about one packet per line (a shell loop running /bin/echo per line), ours against sshj's usual idiom and
# sshj's floor, then ours with SshConfigs.lowAllocationTransfer(), against a private OpenSSH server on loopback.
# Run from the repository root after `mvn -B -o -pl benchmarks -am -DskipTests package`; JAR=... to use a copy.
# Usage: run.sh [all|default|lowalloc]
set -euo pipefail
out="$(cd "$(dirname "$0")" && pwd)"
jar="${JAR:-benchmarks/target/benchmarks.jar}"

# jmh NAME CLIENTS: one JMH run into $out/NAME.json; another JMH run holding /tmp/jmh.lock on a shared machine
# is waited for rather than measured against
jmh() {
  local name="$1" clients="$2"
  echo "$name: load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/machine.txt"
  until java -jar "$jar" 'dev.recyclable.buffers.benchmarks.ssh.SshCaptureBenchmark' \
      -p client="$clients" -p workload=lines1000x70,echoLoop1000x70 \
      -f 2 -wi 3 -w 2s -i 5 -r 2s -prof gc -foe true \
      -rf json -rff "$out/$name.json" > "$out/$name.log" 2>&1; do
    grep -q 'Unable to acquire the JMH lock' "$out/$name.log" || { cat "$out/$name.log"; exit 1; }
    sleep 15
  done
  echo "$name: load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/machine.txt"
}

{ echo "date (UTC): $(date -u '+%Y-%m-%d %H:%M')"; echo "cpu: $(nproc) online";
  echo "java: $(java -version 2>&1 | head -1)"; } >> "$out/machine.txt"
case "${1:-all}" in
  all) jmh ssh-capture-packets sshjTypical,sshjFloor,recyclable
       jmh ssh-capture-packets-lowalloc recyclableLowAllocation ;;
  default) jmh ssh-capture-packets sshjTypical,sshjFloor,recyclable ;;
  lowalloc) jmh ssh-capture-packets-lowalloc recyclableLowAllocation ;;
esac
