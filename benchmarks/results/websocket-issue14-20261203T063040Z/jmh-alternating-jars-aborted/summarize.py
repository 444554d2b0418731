#!/usr/bin/env python3
"""Summarizes the A/B runs in raw/: per cell, the median of all measured iterations (us/op) for
base and new, new/base of those medians, the per-round ratios (each round: mean of 5 iterations
of one fork, new/base), the interquartile spread of the iterations, and B/op."""
import glob, json, os, re, statistics, sys
d = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
cells = {}
for f in sorted(glob.glob(os.path.join(d, 'raw', 'r*-*-*.json'))):
    m = re.match(r'r(\d+)-(base|new)-(\d+)\.json', os.path.basename(f))
    rnd, jar = int(m.group(1)), m.group(2)
    try:
        entries = json.load(open(f))
    except ValueError:
        continue  # a run still going
    for e in entries:
        key = (e['benchmark'].rsplit('.', 1)[1], e['params']['type'], int(e['params']['messageBytes']))
        it = [x for fork in e['primaryMetric']['rawData'] for x in fork]
        alloc = e['secondaryMetrics'].get('gc.alloc.rate.norm', {}).get('score', float('nan'))
        cells.setdefault(key, {}).setdefault(jar, {})[rnd] = (it, e['primaryMetric']['score'], alloc)

def q(xs, p):
    xs = sorted(xs); k = (len(xs) - 1) * p; f = int(k); c = min(f + 1, len(xs) - 1)
    return xs[f] + (xs[c] - xs[f]) * (k - f)

def size(n):
    return f'{n // 1048576} MiB' if n >= 1048576 else f'{n // 1024} KiB'

print('| contender | type | size | base us/op (median, IQR) | new us/op (median, IQR) | new/base | per-round new/base | B/op base -> new |')
print('|---|---|---:|---:|---:|---:|---|---:|')
worst = []
for key in sorted(cells, key=lambda k: (k[0], k[1], k[2])):
    c = cells[key]
    if 'base' not in c or 'new' not in c:
        continue
    rounds = sorted(set(c['base']) & set(c['new']))
    bi = [x for r in rounds for x in c['base'][r][0]]
    ni = [x for r in rounds for x in c['new'][r][0]]
    bm, nm = statistics.median(bi), statistics.median(ni)
    per = [c['new'][r][1] / c['base'][r][1] for r in rounds]
    ba = statistics.median([c['base'][r][2] for r in rounds])
    na = statistics.median([c['new'][r][2] for r in rounds])
    worst.append((nm / bm, key))
    print(f'| {key[0]} | {key[1]} | {size(key[2])} | {bm:.3f} ({q(bi,.25):.3f}-{q(bi,.75):.3f}) '
          f'| {nm:.3f} ({q(ni,.25):.3f}-{q(ni,.75):.3f}) | {nm/bm:.3f} | '
          + ', '.join(f'{p:.3f}' for p in per) + f' | {ba:.1f} -> {na:.1f} |')
worst.sort(reverse=True)
print()
print('rounds:', sorted({r for c in cells.values() for j in c.values() for r in j}))
print('slowest cell (new/base of medians): %.3f %s' % worst[0] if worst else 'no data')
print('cells over 1.05:', [(round(r, 3), k) for r, k in worst if r > 1.05])
