#!/usr/bin/env bash
# Runs TransferBenchmark (1 GiB each way over loopback SSH: ours vs sshj vs JSch vs OpenSSH ssh vs netcat).
#
# Starts a private sshd (generated keys, free loopback port, the test user from .ci/setup-ssh.sh), creates a
# 1 GiB random file, runs dev.recyclable.buffers.benchmarks.ssh.transfer.TransferBenchmark from
# target/benchmarks.jar (built if missing), and cleans up. Results: BENCHMARKS.md.
# Needs: sshd, ssh, ssh-keygen, nc (netcat-openbsd), the test user.
# Usage: benchmarks/run-transfer.sh [reps=3] [case filter,...]
set -euo pipefail
source "$(dirname "$0")/bench-common.sh"

reps="${1:-3}"
filter="${2:-}"
user="${RB_SSH_TEST_USER:-rbtest}"
bench_workdir rb-transfer-bench
ensure_jar

start_private_sshd "$user" <<CONF
Subsystem sftp internal-sftp
CONF

# --- the 1 GiB file, readable by the server's user; uploads land in a directory it may write
mkdir -p "$work/shared"
chmod 777 "$work/shared"
head -c 1073741824 /dev/urandom > "$work/shared/source"
chmod 644 "$work/shared/source"

java -Xmx1g -cp "$jar" dev.recyclable.buffers.benchmarks.ssh.transfer.TransferBenchmark \
  127.0.0.1 "$port" "$user" "$work/client_key" "$work/known_hosts" "$work/shared" "$work/shared/source" \
  "$reps" ${filter:+"$filter"}
