# Per-message medians [min-max] over every measured iteration of every fork, per JSON file.
# time: us per message (the pace, which the peer can set); cpu: the receiving JVM's CPU time per
# message, all threads except the benchmark thread (ReceiverCpu); alloc: B per message, all threads.
# usage: summarize.py FILE.json [FILE2.json ...]
import json, statistics, collections, sys
for f in sys.argv[1:]:
    cells = collections.defaultdict(lambda: {'t': [], 'c': [], 'a': []})
    for b in json.load(open(f)):
        p = b['params']
        per = max(1, (1 << 20) // int(p['messageBytes']))
        key = (p['client'], p['frames'], p['type'], int(p['messageBytes']))
        for fork in b['primaryMetric']['rawData']:
            cells[key]['t'] += [x * 1000 / per for x in fork]
        for fork in b['secondaryMetrics']['cpuNanosPerMessage']['rawData']:
            cells[key]['c'] += [x / 1000 for x in fork]
        if 'gc.alloc.rate.norm' in b['secondaryMetrics']:
            for fork in b['secondaryMetrics']['gc.alloc.rate.norm']['rawData']:
                cells[key]['a'] += [x / per for x in fork]
    def med(k, w): return statistics.median(cells[k][w]) if cells[k][w] else float('nan')
    def rng(k, w): v = cells[k][w]; return f"{med(k,w):.2f} [{min(v):.2f}-{max(v):.2f}]"
    print(f"## {f}")
    print('| message | client | frames | type | time us/msg | receiver CPU us/msg | B/msg | % of message | B per 4 KiB frame |')
    print('|---|---|---|---|---|---|---:|---:|---:|')
    for k in sorted(cells, key=lambda k: (k[3], k[0], k[1], k[2])):
        a = med(k, 'a')
        print(f"| {k[3]} | {k[0]} | {k[1]} | {k[2].lower()} | {rng(k,'t')} | {rng(k,'c')} | {a:.1f} | {100*a/k[3]:.3f}% | {a/max(1,k[3]//4096):.1f} |")
    pairs = [('nettyStock', 'recyclableNetty', 'stock/ours'), ('jdkFloor', 'jdkRecyclable', 'floor/ours')]
    print('\n| ratio | message | frames | type | time | receiver CPU |')
    print('|---|---|---|---|---:|---:|')
    for peer, ours, name in pairs:
        for k in sorted(cells):
            if k[0] != ours: continue
            pk = (peer, k[1], k[2], k[3])
            if pk not in cells: continue
            print(f"| {name} | {k[3]} | {k[1]} | {k[2].lower()} | {med(pk,'t')/med(k,'t'):.2f}x | {med(pk,'c')/med(k,'c'):.2f}x |")
    print()
