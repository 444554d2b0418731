#!/usr/bin/env python3
"""What each listener of JdkTextBenchmark costs above the JDK client's own floor (the jdkFloor
listener, which drops every delivery): time per char of the message, and bytes allocated per
message as a share of the floor's. Medians over all forks' iterations, as contender-table.py.

Chars per message: a JSON message is ASCII (one char per byte); a TEXT message cycles through the
same 12 code points as WireMessages.mixedText (26 bytes of UTF-8 in 14 chars), padded with 'x'.

Usage: python3 benchmarks/jdk-text-cost.py FILE.json...
"""
import collections
import json
import statistics
import sys

SIZES = {1024: '1 KiB', 65536: '64 KiB', 1048576: '1 MiB', 16777216: '16 MiB'}
MIXED = ['a', 'Z', '0', ' ', 'é', 'ß', 'κ', 'ό', '€', '中', '𝄞', '😀']
TO_NANOS = {'ns/op': 1, 'us/op': 1e3, 'ms/op': 1e6, 's/op': 1e9}


def chars_of(kind, size):
    if kind == 'JSON':
        return size
    chars = written = i = 0
    while written < size:
        piece = MIXED[i % len(MIXED)]
        i += 1
        n = len(piece.encode('utf-8'))
        if written + n > size:
            return chars + size - written  # padded with ASCII
        chars += len(piece.encode('utf-16-le')) // 2
        written += n
    return chars


def main(files):
    times = collections.defaultdict(list)
    alloc = collections.defaultdict(list)
    for path in files:
        for r in json.load(open(path)):
            if not r['benchmark'].endswith('JdkTextBenchmark.receive'):
                continue
            p = r['params']
            key = (p['type'], int(p['messageBytes']), p['client'])
            scale = TO_NANOS[r['primaryMetric']['scoreUnit']]
            for fork in r['primaryMetric']['rawData']:
                times[key].extend(v * scale for v in fork)
            a = r['secondaryMetrics'].get('gc.alloc.rate.norm')
            if a:
                alloc[key].append(a['score'])
    clients = [c for c in ('jdkTypical', 'jdkTypicalUtf8', 'jdkRecyclable', 'jdkRecyclableString')
               if any(k[2] == c for k in times)]
    print('| cell | chars | ' + ' | '.join(f'{c}: ns/char, B/op vs floor' for c in clients) + ' |')
    print('|---|---:|' + '---:|' * len(clients))
    for kind, size in sorted({(k[0], k[1]) for k in times}, key=lambda c: (c[1], c[0])):
        floor = (kind, size, 'jdkFloor')
        if floor not in times:
            continue
        chars = chars_of(kind, size)
        floor_time = statistics.median(times[floor])
        floor_alloc = statistics.median(alloc[floor]) if alloc[floor] else None
        row = [f'{SIZES.get(size, size)} {kind}', f'{chars:,}']
        for c in clients:
            key = (kind, size, c)
            if key not in times:
                row.append('')
                continue
            per_char = (statistics.median(times[key]) - floor_time) / chars
            share = ''
            if floor_alloc and alloc[key]:
                share = f', {100 * (statistics.median(alloc[key]) / floor_alloc - 1):+.1f}%'
            row.append(f'{per_char:.2f}{share}')
        print('| ' + ' | '.join(row) + ' |')


if __name__ == '__main__':
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
