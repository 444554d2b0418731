#!/usr/bin/env bash
# Mutation testing (PIT) of buffers-core and of the WebSocket decoder and inflater. Reports:
# buffers-core/target/pit-reports/index.html and buffers-websocket/target/pit-reports/index.html
# (mutations.csv beside each lists every mutant and whether a test noticed it).
# About 30-60 minutes on two cores; not part of `mvn verify`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mvn -B -pl buffers-core,buffers-websocket -am test-compile org.pitest:pitest-maven:mutationCoverage "$@"
