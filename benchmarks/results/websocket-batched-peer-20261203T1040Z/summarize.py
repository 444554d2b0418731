# Per-message medians [min-max] over every measured iteration of every fork.
# usage: summarize.py DIR [GLOB]   (GLOB defaults to run*.json; run1 = before MaskingKeys, run2 = after)
import json, glob, statistics, collections, sys
d = sys.argv[1] if len(sys.argv) > 1 else '.'
pattern = sys.argv[2] if len(sys.argv) > 2 else 'run*.json'
cells = collections.defaultdict(lambda: {'t': [], 'a': []})
for f in sorted(glob.glob(d + '/' + pattern)):
    for b in json.load(open(f)):
        p = b['params']
        per = max(1, (1 << 20) // int(p['messageBytes']))
        key = (p['client'], p['frames'], p['type'])
        for fork in b['primaryMetric']['rawData']:
            cells[key]['t'] += [x * 1000 / per for x in fork]  # us per message
        for fork in b['secondaryMetrics']['gc.alloc.rate.norm']['rawData']:
            cells[key]['a'] += [x / per for x in fork]  # B per message
def med(k, w): return statistics.median(cells[k][w])
def c(k): t = cells[k]['t']; return f"{med(k,'t'):.2f} us [{min(t):.2f}-{max(t):.2f}], {med(k,'a'):.0f} B"
print('| frames | type | our Netty handlers | Netty stock | stock/ours time | JDK + our adapter | JDK floor | floor/ours time | adapter over floor |')
print('|---|---|---|---|---:|---|---|---:|---:|')
for fr in ['prebuilt', 'send', 'prebuiltPing']:
    for ty in ['TEXT', 'BINARY']:
        n, s, j, fl = (('recyclableNetty', fr, ty), ('nettyStock', fr, ty), ('jdkRecyclable', fr, ty), ('jdkFloor', fr, ty))
        if n not in cells: continue
        row = f"| {fr} | {ty.lower()} | {c(n)} | {c(s)} | {med(s,'t')/med(n,'t'):.2f}x |"
        if j in cells:
            over = med(j, 'a') - med(fl, 'a')
            row += f" {c(j)} | {c(fl)} | {med(fl,'t')/med(j,'t'):.2f}x | {over:+.0f} B ({100*over/med(fl,'a'):+.2f}%) |"
        else:
            row += ' | | | |'
        print(row)
