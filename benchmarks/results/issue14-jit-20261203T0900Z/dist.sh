# usage: dist.sh label jar [jvmopts]
label=$1; jar=$2; opt=${3:-}
args=('WebSocketDecodeBenchmark\.recyclable$' -p messageBytes=${MB:-65536} -p type=${TYPE:-TEXT} -f ${FORKS:-20} -wi 2 -w 1s -i 1 -r 1s -rf json -rff /tmp/hyb/d-$label.json)
if [ -n "$opt" ]; then args+=(-jvmArgsAppend "$opt"); fi
java -cp $jar org.openjdk.jmh.Main "${args[@]}" > /dev/null 2>&1
python3 -c "
import json,statistics
v=sorted(round(r[0],4) for b in json.load(open('/tmp/hyb/d-$label.json')) for r in b['primaryMetric']['rawData'])
print('$label', 'median', statistics.median(v), v)"
