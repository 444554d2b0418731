#!/usr/bin/env bash
# Coverage-guided fuzzing (Jazzer) of the @FuzzTest targets, one after another, each for the time its
# @FuzzTest(maxDuration) sets (5 minutes: Jazzer reads the time from the annotation only).
#
#   verification/fuzz.sh                                              every target, about 55 minutes
#   verification/fuzz.sh websocket:CodecFuzzTest#inflaterMatchesZlib   one target
#
# libFuzzer's progress (executions, cov: edges, ft: features) goes to target/fuzz/<target>.log.
# Inputs that add coverage go to <module>/.cifuzz-corpus/<package>.<Class>/<target>/ (not kept in git;
# merge the useful ones into the target's inputs folder); a finding is written to
# <module>/src/test/resources/<package path>/<Class>Inputs/<target>/ and from then on replayed by
# `mvn verify` like every input there. The run stops at a target's first finding and says so.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
  targets=(
    websocket:DecoderFuzzTest#anyBytesEndInMessagesOrAProtocolError
    websocket:DecoderFuzzTest#encodedMessagesSurviveAnySplit
    websocket:CodecFuzzTest#inflaterMatchesZlib
    websocket:CodecFuzzTest#extensionHeaderNegotiation
    websocket:CodecFuzzTest#utf8ValidatorAgreesWithTheJdk
    ssh:KeyFilesFuzzTest#knownHostsText
    ssh:KeyFilesFuzzTest#knownHostsFile
    ssh:KeyFilesFuzzTest#privateKeyFile
    ssh:CaptureSinksFuzzTest#captureSinks
    http:ContentDecoderFuzzTest#anyBytesDecodeAsTheyWouldWhole
    http:ContentDecoderFuzzTest#encodedBodiesDecodeToTheirData
  )
fi
mkdir -p target/fuzz
status=0
for target in "${targets[@]}"; do
  module="buffers-${target%%:*}"
  test="${target#*:}"
  log="target/fuzz/${test//#/.}.log"
  echo "fuzzing $test in $module (log: $log)"
  # a fuzzing run is one long test invocation: the modules' default test timeouts do not apply to it
  if JAZZER_FUZZ=1 mvn -B -pl "$module" -am test -Dtest="$test" -Dsurefire.failIfNoSpecifiedTests=false \
      -Djunit.jupiter.execution.timeout.mode=disabled -Dspotless.check.skip >"$log" 2>&1; then
    echo "  no finding"
  else
    echo "  FINDING or failure: see $log"
    status=1
  fi
  grep -E '^#[0-9]+ +(pulse|DONE|INITED)|^Done [0-9]+ runs' "$log" | tail -n 3 | sed 's/^/  /' || true
done
exit $status
