#!/usr/bin/env bash
# Runs VirtualThreadCheck (the pool under thousands of virtual threads) on the newer JDK installed
# beside the baseline one. Usage: benchmarks/run-virtual-threads.sh [threads] [seconds]
# JAVA_NEW may point at another JDK 21+ `java`.
set -euo pipefail
source "$(dirname "$0")/bench-common.sh"
ensure_jar
java_new="${JAVA_NEW:-$(ls -d /usr/lib/jvm/temurin-2[5-9]*/bin/java 2>/dev/null | head -n 1)}"
if [[ -z "$java_new" ]]; then
  echo "no JDK 21+ found under /usr/lib/jvm; set JAVA_NEW" >&2
  exit 2
fi
"$java_new" -cp "$jar" dev.recyclable.buffers.benchmarks.VirtualThreadCheck "$@"
