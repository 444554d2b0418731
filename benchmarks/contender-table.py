#!/usr/bin/env python3
"""Markdown tables of JMH JSON results where contenders are compared cell by cell: one row per cell
(the parameters other than the contender), one column per contender with its median time, the
fork-to-fork spread (half the range of the forks' own medians, as a percentage; with one fork per
file and several files, the files are the forks) and bytes allocated per op (-prof gc), then the
ratio of each pair (theirs / ours: above 1, ours is faster; marked ~ when the difference is within
the two spreads, bold when theirs is faster beyond them).

Usage: python3 benchmarks/contender-table.py BENCHMARK CONTENDER PAIRS FILE.json...
  BENCHMARK  simple class name, e.g. WebSocketDecodeBenchmark
  CONTENDER  'method' (the benchmark method is the contender) or the name of the @Param that is
  PAIRS      comma-separated theirs:ours, e.g. jdkTypical:jdkRecyclableString,typical:recyclable
"""
import collections
import json
import statistics
import sys

SIZES = {1024: '1 KiB', 16384: '16 KiB', 65536: '64 KiB', 1048576: '1 MiB', 16777216: '16 MiB', 67108864: '64 MiB'}


def fmt_time(nanos):
    for unit, scale in (('s', 1e9), ('ms', 1e6), ('us', 1e3)):
        if nanos >= scale:
            v = nanos / scale
            break
    else:
        unit, v = 'ns', nanos
    return (f'{v:.0f}' if v >= 100 else f'{v:.1f}' if v >= 10 else f'{v:.2f}') + ' ' + unit


def fmt_bytes(b):
    if b is None:
        return 'n/a'
    if b < 1024:
        return f'{b:.0f} B'
    if b < 1024 * 1024:
        return f'{b / 1024:.1f} KiB'
    return f'{b / 1048576:.1f} MiB'


TO_NANOS = {'ns/op': 1, 'us/op': 1e3, 'ms/op': 1e6, 's/op': 1e9}


def load(benchmark, contender, files):
    """(cell params) -> contender -> {'forks': [fork medians in ns], 'iterations': [...], 'alloc': [...]}"""
    cells = collections.defaultdict(lambda: collections.defaultdict(
        lambda: {'forks': [], 'iterations': [], 'alloc': []}))
    for path in files:
        try:
            results = json.load(open(path))
        except ValueError:
            continue  # a run that did not finish
        for r in results:
            cls, method = r['benchmark'].rsplit('.', 2)[-2:]
            if cls != benchmark:
                continue
            params = dict(r.get('params', {}))
            who = method if contender == 'method' else params.pop(contender)
            key = tuple(sorted(params.items()))
            scale = TO_NANOS[r['primaryMetric']['scoreUnit']]
            entry = cells[key][who]
            for fork in r['primaryMetric']['rawData']:
                entry['forks'].append(statistics.median(fork) * scale)
                entry['iterations'].extend(v * scale for v in fork)
            alloc = r['secondaryMetrics'].get('gc.alloc.rate.norm')
            if alloc:
                entry['alloc'].append(alloc['score'])
    return cells


def summary(entry):
    median = statistics.median(entry['iterations'])
    forks = entry['forks']
    spread = (max(forks) - min(forks)) / 2 / median if len(forks) > 1 else 0
    alloc = statistics.median(entry['alloc']) if entry['alloc'] else None
    return median, spread, alloc


def cell_label(key):
    parts = []
    for name, value in key:
        parts.append(SIZES.get(int(value), value) if value.isdigit() else value)
    return ' '.join(parts)


def main(benchmark, contender, pairs, files):
    cells = load(benchmark, contender, files)
    if not cells:
        sys.exit(f'no {benchmark} results in {files}')
    pairs = [p.split(':') for p in pairs.split(',') if p]
    order = []
    for key in cells:
        for who in cells[key]:
            if who not in order:
                order.append(who)
    header = ['cell'] + [f'{who}: time ±spread, B/op' for who in order] + [f'{t} / {o}' for t, o in pairs]
    print('| ' + ' | '.join(header) + ' |')
    print('|---|' + '---:|' * (len(header) - 1))
    for key in sorted(cells, key=lambda k: [(0, int(v), "") if v.isdigit() else (1, 0, v) for _, v in k]):
        row = [cell_label(key)]
        stats = {who: summary(cells[key][who]) for who in cells[key]}
        for who in order:
            if who in stats:
                m, s, a = stats[who]
                row.append(f'{fmt_time(m)} ±{s * 100:.0f}%, {fmt_bytes(a)}')
            else:
                row.append('')
        for theirs, ours in pairs:
            if theirs in stats and ours in stats:
                ratio = stats[theirs][0] / stats[ours][0]
                text = f'{ratio:.2f}x'
                if abs(ratio - 1) <= stats[theirs][1] + stats[ours][1]:
                    text = '~' + text
                elif ratio < 1:
                    text = f'**{text}**'
                row.append(text)
            else:
                row.append('')
        print('| ' + ' | '.join(row) + ' |')


if __name__ == '__main__':
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:])
