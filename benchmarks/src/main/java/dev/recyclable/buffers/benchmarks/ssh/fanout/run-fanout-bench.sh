#!/usr/bin/env bash
# Fan-out benchmark (issue 5): N x `sleep 1; echo 'Hello from <id>'` against a private OpenSSH server on loopback
# with MaxSessions and MaxStartups raised; one JVM per contender; prints one RESULT line per contender.
#
# Usage (from the repository root, as root or a user who may run sshd; .ci/setup-ssh.sh creates the test user):
#   benchmarks/src/main/java/dev/recyclable/buffers/benchmarks/ssh/fanout/run-fanout-bench.sh [count]
# Env: RB_SSH_TEST_USER (default rbtest), FANOUT_CONTENDERS (default: all rows below), LAUNCHERS, CONNECTORS
# (thread pools of ours, default 2 and 4), FANOUT_TIMELINE=1 (a progress line per 100 ms of ours on stderr).
# Needs buffers-core in ~/.m2 and compiles buffers-ssh (offline) plus this one class; nothing else is touched.
set -euo pipefail

root="$(cd "$(dirname "$0")/../../../../../../../../../.." && pwd)"
count="${1:-1000}"
user="${RB_SSH_TEST_USER:-rbtest}"
work="$(mktemp -d /tmp/rb-fanout-bench.XXXXXX)"
chmod 755 "$work"
sshd_pid=""
cleanup() {
  if [[ -n "$sshd_pid" ]]; then kill "$sshd_pid" 2>/dev/null || true; wait "$sshd_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# --- class path: buffers-ssh and its runtime dependencies, plus this benchmark class
(cd "$root" && mvn -o -q -pl buffers-ssh compile dependency:build-classpath -Dmdep.includeScope=runtime \
   -Dmdep.outputFile="$work/cp.txt" >/dev/null)
cp="$root/buffers-ssh/target/classes:$(cat "$work/cp.txt")"
mkdir -p "$work/classes"
javac --release 17 -nowarn -cp "$cp" -d "$work/classes" "$(dirname "$0")/FanoutBenchmark.java"
cp="$work/classes:$cp"

# --- a private sshd: raised limits, keys in $work, logging in as the test user
ssh-keygen -q -t ed25519 -N '' -C rb-bench -f "$work/host_key"
ssh-keygen -q -t ed25519 -N '' -C rb-bench -f "$work/client_key"
cp "$work/client_key.pub" "$work/authorized_keys"; chmod 644 "$work/authorized_keys"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
cat > "$work/sshd_config" <<CONF
ListenAddress 127.0.0.1:$port
HostKey $work/host_key
PidFile none
AuthorizedKeysFile $work/authorized_keys
StrictModes no
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
AllowUsers $user
MaxSessions 1000
MaxStartups 1000:30:1000
LogLevel ERROR
UseDNS no
PrintMotd no
CONF
/usr/sbin/sshd -D -e -f "$work/sshd_config" 2>"$work/sshd.log" &
sshd_pid=$!
for _ in $(seq 100); do (echo >/dev/tcp/127.0.0.1/"$port") 2>/dev/null && break; sleep 0.05; done
echo "[127.0.0.1]:$port $(cut -d' ' -f1,2 "$work/host_key.pub")" > "$work/known_hosts"

run() { # contender parallelism [connections sessions]
  local err="$work/err-$1-$2.txt"
  java -cp "$cp" dev.recyclable.buffers.benchmarks.ssh.fanout.FanoutBenchmark "$1" 127.0.0.1 "$port" "$user" \
    "$work/client_key" "$work/known_hosts" "$count" "$2" "${3:-10}" "${4:-100}" "${LAUNCHERS:-2}" "${CONNECTORS:-4}" 2>"$err" \
    | grep RESULT || { echo "$1 p=$2 failed:"; tail -5 "$err"; }
  if [[ -n "${FANOUT_TIMELINE:-}" ]]; then cat "$err" >&2; fi
  sleep 2 # let the server reap the sessions before the next contender
}

echo "fan-out of $count x sleep 1 on $(nproc) cores, $(java -version 2>&1 | head -1)"
contenders="${FANOUT_CONTENDERS:-ours ours5 conn50 conn100 thread1000}"
for c in $contenders; do
  case "$c" in
    ours) run ours "$count" 10 100 ;;
    ours5) run ours "$count" 5 200 ;;
    conn50) run conn-per-command 50 ;;
    conn100) run conn-per-command 100 ;;
    thread1000) run thread-per-command "$count" 10 ;;
  esac
done
