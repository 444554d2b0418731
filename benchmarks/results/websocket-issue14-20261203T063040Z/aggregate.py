#!/usr/bin/env python3
"""Aggregates out/p*-SIZE-TYPE-PATH.txt of the same-JVM A/B: per cell, median ns/op of base and new
over all slices, the median of the per-pair ratios new/base with its interquartile range, and
each pass's (JVM's) median ratio."""
import glob, os, re, statistics, sys
d = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
cells = {}
for f in glob.glob(os.path.join(d, sys.argv[2] if len(sys.argv) > 2 else 'out', 'p*-*.txt')):
    m = re.match(r'p(\d+)-(\d+)-(TEXT|BINARY)-(array|bytebuf)\.txt', os.path.basename(f))
    if not m:
        continue
    pairs = [tuple(map(int, re.findall(r'base_ns (\d+) new_ns (\d+)', l)[0]))
             for l in open(f) if l.startswith('pair ')]
    if not any(l.startswith('summary') for l in open(f)):
        continue  # unfinished or failed
    cells.setdefault((m.group(4), m.group(3), int(m.group(2))), {})[int(m.group(1))] = pairs

def q(xs, p):
    xs = sorted(xs); k = (len(xs) - 1) * p; f = int(k); c = min(f + 1, len(xs) - 1)
    return xs[f] + (xs[c] - xs[f]) * (k - f)

def size(n):
    return f'{n // 1048576} MiB' if n >= 1048576 else f'{n // 1024} KiB'

def t(ns):
    return f'{ns / 1000:.3f} us' if ns < 1_000_000 else f'{ns / 1e6:.3f} ms'

name = {'array': 'recyclable (feed byte[])', 'bytebuf': 'recyclableNetty path (ByteBuf as ByteSource)'}
print('| contender | type | size | base (median) | new (median) | new/base: median of pairs [IQR] | per-JVM medians |')
print('|---|---|---:|---:|---:|---:|---|')
worst = []
for key in sorted(cells, key=lambda k: (k[0], k[1], k[2])):
    passes = cells[key]
    allp = [p for ps in passes.values() for p in ps]
    r = [nw / b for b, nw in allp]
    med = statistics.median(r)
    worst.append((med, q(r, .75), key))
    per = [statistics.median([nw / b for b, nw in passes[k]]) for k in sorted(passes)]
    print(f'| {name[key[0]]} | {key[1]} | {size(key[2])} | {t(statistics.median([b for b, _ in allp]))} '
          f'| {t(statistics.median([nw for _, nw in allp]))} | {med:.3f} [{q(r, .25):.3f}-{q(r, .75):.3f}] '
          f'| ' + ', '.join(f'{x:.3f}' for x in per) + ' |')
worst.sort(reverse=True)
print()
print('pairs per cell:', sorted({len([p for ps in c.values() for p in ps]) for c in cells.values()}),
      'passes:', sorted({k for c in cells.values() for k in c}))
if worst:
    print('slowest cell: median ratio %.3f (q3 %.3f) %s' % worst[0])
    print('cells with median ratio over 1.05:', [(round(m, 3), k) for m, _, k in worst if m > 1.05])
