#!/usr/bin/env bash
# Model checking (Lincheck) of the pool's concurrency: every scenario of ModelCheckedConcurrencyTest explores
# this many interleavings (default 2000; `mvn verify` explores 100 per scenario).
#
#   verification/concurrency.sh          2000 interleavings per scenario, about 15-30 minutes on two cores
#   verification/concurrency.sh 20000    more
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
invocations="${1:-2000}"
mvn -B -pl buffers-core -am test -Dtest=ModelCheckedConcurrencyTest -Dsurefire.failIfNoSpecifiedTests=false \
  -Dlincheck.invocations="$invocations" -Dspotless.check.skip
