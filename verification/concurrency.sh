#!/usr/bin/env bash
# Model checking (Lincheck) of the pool's concurrency: every scenario of ModelCheckedConcurrencyTest explores
# this many interleavings (default 1000; `mvn verify` explores 100 per scenario), in the JVM of its own that
# the core's `model-checking` test execution gives it.
#
#   verification/concurrency.sh          1000 interleavings per scenario, about 10 minutes on two quiet cores
#   verification/concurrency.sh 10000    more
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
invocations="${1:-1000}"
mvn -B -pl buffers-core -am test-compile surefire:test@model-checking -Dlincheck.invocations="$invocations" \
  -Dspotless.check.skip
