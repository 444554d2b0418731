#!/bin/bash
# The final runs of this folder (from the repository root, after bash .ci/setup-websocket.sh and a build).
set -e
D=benchmarks/results/receiver-cpu-20261203T1330Z
J=benchmarks/target/benchmarks.jar
B='websocket.WebSocketLoopbackBenchmark'
# 1 KiB: every receiver, every peer mode
java -jar $J $B -p messageBytes=1024 -p frames=prebuilt,prebuiltPing,send -p client=recyclableNetty,nettyStock,jdkRecyclable,jdkFloor -f 2 -wi 3 -w 1s -i 5 -r 1s -prof gc -rf json -rff $D/final-1k.json > $D/final-1k.txt 2>&1
# the Netty transport floor (pre-built and ws-sent frames; it answers no Ping)
java -jar $J $B -p messageBytes=1024 -p frames=prebuilt,send -p client=nettyFloor -f 2 -wi 3 -w 1s -i 5 -r 1s -prof gc -rf json -rff $D/final-1k-floor.json > $D/final-1k-floor.txt 2>&1
# larger messages
java -jar $J $B -p messageBytes=65536 -p frames=prebuilt,send -p client=recyclableNetty,nettyStock,jdkRecyclable,jdkFloor -f 1 -wi 3 -w 1s -i 5 -r 1s -prof gc -rf json -rff $D/final-64k.json > $D/final-64k.txt 2>&1
java -jar $J $B -p messageBytes=1048576,16777216 -p frames=send -p client=recyclableNetty,nettyStock -f 1 -wi 3 -w 1s -i 5 -r 1s -prof gc -rf json -rff $D/final-large-netty.json > $D/final-large-netty.txt 2>&1
java -jar $J $B -p messageBytes=1048576,16777216 -p frames=prebuilt -p client=jdkRecyclable,jdkFloor -f 1 -wi 3 -w 1s -i 5 -r 1s -prof gc -rf json -rff $D/final-large-jdk.json > $D/final-large-jdk.txt 2>&1
# Netty's per-read allocation with ws-sent frames: the transport floor, with Netty 4.2's default
# allocator (adaptive) and with the pooled one
java -jar $J $B -p messageBytes=1048576,16777216 -p frames=send -p client=recyclableNetty,nettyStock,nettyFloor -f 1 -wi 3 -w 1s -i 5 -r 1s -prof gc -rf json -rff $D/send-adaptive.json > $D/send-adaptive.txt 2>&1
java -jar $J $B -p messageBytes=1048576,16777216 -p frames=send -p client=recyclableNetty,nettyStock,nettyFloor -f 1 -wi 3 -w 1s -i 5 -r 1s -prof gc -jvmArgsAppend "-Xms2g -Xmx2g -Dio.netty.leakDetection.level=disabled -Dio.netty.allocator.type=pooled" -rf json -rff $D/send-pooled.json > $D/send-pooled.txt 2>&1
# the JDK client at 1 and 16 MiB again, longer warm-up and three forks (the JDK's own decoder
# changes speed during the first iterations)
java -jar $J $B -p messageBytes=1048576,16777216 -p frames=prebuilt -p client=jdkRecyclable,jdkFloor -f 3 -wi 6 -w 1s -i 5 -r 1s -prof gc -rf json -rff $D/jdk-large-3forks.json > $D/jdk-large-3forks.txt 2>&1
# 64 KiB from ws's sender: our handlers against the floor, with each allocator
java -jar $J $B -p messageBytes=65536 -p frames=send -p client=recyclableNetty,nettyFloor -f 1 -wi 3 -w 1s -i 5 -r 1s -prof gc -rf json -rff $D/send64k-adaptive.json > $D/send64k-adaptive.txt 2>&1
java -jar $J $B -p messageBytes=65536 -p frames=send -p client=recyclableNetty,nettyFloor -f 1 -wi 3 -w 1s -i 5 -r 1s -prof gc -jvmArgsAppend "-Xms2g -Xmx2g -Dio.netty.leakDetection.level=disabled -Dio.netty.allocator.type=pooled" -rf json -rff $D/send64k-pooled.json > $D/send64k-pooled.txt 2>&1
