#!/usr/bin/env bash
# Runs TransferBenchmark (1 GiB each way over loopback SSH: ours vs sshj vs JSch vs OpenSSH ssh vs netcat).
#
# Starts a private sshd (generated keys, free loopback port, the test user from .ci/setup-ssh.sh), creates a
# 1 GiB random file, builds buffers-ssh and compiles the benchmark against it, runs it, and cleans up.
# Needs: sshd, ssh, ssh-keygen, nc (netcat-openbsd), the test user, Maven with dependencies in ~/.m2.
# Usage: run-transfer-bench.sh [reps=3] [case filter,...]
set -euo pipefail

reps="${1:-3}"
filter="${2:-}"
user="${RB_SSH_TEST_USER:-rbtest}"
root="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
work="$(mktemp -d /tmp/rb-transfer-bench-XXXXXX)"
chmod 755 "$work"
sshd_pid=""
cleanup() {
  if [[ -n "$sshd_pid" ]]; then kill "$sshd_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# --- classpath: buffers-ssh and its runtime dependencies, plus JSch
(cd "$root" && mvn -o -q -pl buffers-ssh package -DskipTests)
(cd "$root" && mvn -o -q -pl buffers-ssh dependency:build-classpath -Dmdep.includeScope=runtime \
    -Dmdep.outputFile="$work/cp.txt")
jsch_version="$(sed -n 's:.*<jsch.version>\(.*\)</jsch.version>.*:\1:p' "$root/pom.xml")"
jsch_jar="$HOME/.m2/repository/com/github/mwiede/jsch/$jsch_version/jsch-$jsch_version.jar"
cp="$root/buffers-ssh/target/buffers-ssh-0.1.0-SNAPSHOT.jar:$(cat "$work/cp.txt"):$jsch_jar"
mkdir -p "$work/classes"
javac -d "$work/classes" -cp "$cp" "$(dirname "$0")/TransferBenchmark.java"

# --- a private sshd on a free loopback port
ssh-keygen -q -t ed25519 -N '' -f "$work/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$work/client_key"
cp "$work/client_key.pub" "$work/authorized_keys"
chmod 644 "$work/authorized_keys"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
cat > "$work/sshd_config" <<CONF
ListenAddress 127.0.0.1:$port
HostKey $work/host_key
PidFile none
AuthorizedKeysFile $work/authorized_keys
StrictModes no
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
AllowUsers $user
Subsystem sftp internal-sftp
LogLevel ERROR
CONF
mkdir -p /run/sshd
/usr/sbin/sshd -D -e -f "$work/sshd_config" &
sshd_pid=$!
echo "[127.0.0.1]:$port $(cut -d' ' -f1,2 "$work/host_key.pub")" > "$work/known_hosts"
for _ in $(seq 50); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done

# --- the 1 GiB file, readable by the server's user; uploads land in a directory it may write
mkdir -p "$work/shared"
chmod 777 "$work/shared"
head -c 1073741824 /dev/urandom > "$work/shared/source"
chmod 644 "$work/shared/source"

java -Xmx1g -cp "$work/classes:$cp" dev.recyclable.buffers.benchmarks.ssh.transfer.TransferBenchmark \
  127.0.0.1 "$port" "$user" "$work/client_key" "$work/known_hosts" "$work/shared" "$work/shared/source" \
  "$reps" ${filter:+"$filter"}
