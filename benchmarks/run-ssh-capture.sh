#!/usr/bin/env bash
# Capture a remote command's output, sshj typical / sshj floor / JSch / ours (default config and
# SshConfigs.lowAllocationTransfer()), against a private OpenSSH
# server on loopback that the benchmark starts itself (/usr/sbin/sshd -D -e -f <generated config>, generated keys,
# test user rbtest from .ci/setup-ssh.sh; the machine's own sshd is never touched). Workloads: `echo a` and
# 1000 lines of 70 characters written by `head` in blocks and by a shell loop running /bin/echo per line (1000
# processes a command: a packet per line). About 7 minutes on 2 cores.
#
# Allocation per command on ALL JVM threads: -prof gc's gc.alloc.rate.norm (JMH 1.37 on JDK 17 sums
# ThreadMXBean.getThreadAllocatedBytes over every live thread, so sshj's reader thread and JSch's session
# thread are counted). Time per command: the primary score (us/op).
# Usage: benchmarks/run-ssh-capture.sh [output-dir]
set -euo pipefail
source "$(dirname "$0")/bench-common.sh"

out="${1:-$here/results/ssh-capture-$(date -u +%Y%m%dT%H%M%SZ)}"
mkdir -p "$out"
ensure_jar
record_machine "$out"

run_jmh ssh-capture 'dev.recyclable.buffers.benchmarks.ssh.SshCaptureBenchmark' \
  -f 1 -wi 3 -w 2s -i 5 -r 2s -prof gc -foe true

render_tables
