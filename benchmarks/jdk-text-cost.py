#!/usr/bin/env python3
"""What each listener of JdkTextBenchmark costs above the JDK client's own floor (the jdkFloor
listener, which drops every delivery): time per char of the message, and bytes allocated per
message as a share of the floor's. Results are read and summarized by contender-table.py's code
(medians over all forks' iterations).

Chars per message: a JSON message is ASCII (one char per byte); a TEXT message cycles through the
same 12 code points as WireMessages.mixedText (26 bytes of UTF-8 in 14 chars), padded with 'x'.

Usage: python3 benchmarks/jdk-text-cost.py FILE.json...
"""
import importlib.util
import os
import sys

_spec = importlib.util.spec_from_file_location(
    'contender_table', os.path.join(os.path.dirname(os.path.abspath(__file__)), 'contender-table.py'))
table = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(table)

MIXED = ['a', 'Z', '0', ' ', 'é', 'ß', 'κ', 'ό', '€', '中', '𝄞', '😀']
LISTENERS = ('jdkTypical', 'jdkTypicalUtf8', 'jdkRecyclable', 'jdkRecyclableString')


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
    cells = table.load('JdkTextBenchmark', 'client', files)
    if not cells:
        sys.exit(f'no JdkTextBenchmark results in {files}')
    clients = [c for c in LISTENERS if any(c in cells[key] for key in cells)]
    print('| cell | chars | ' + ' | '.join(f'{c}: ns/char, B/op vs floor' for c in clients) + ' |')
    print('|---|---:|' + '---:|' * len(clients))
    for key in sorted(cells, key=lambda k: (int(dict(k)['messageBytes']), dict(k)['type'])):
        if 'jdkFloor' not in cells[key]:
            continue
        params = dict(key)
        chars = chars_of(params['type'], int(params['messageBytes']))
        floor_time, _, floor_alloc = table.summary(cells[key]['jdkFloor'])
        row = [table.cell_label(key), f'{chars:,}']
        for c in clients:
            if c not in cells[key]:
                row.append('')
                continue
            time, _, alloc = table.summary(cells[key][c])
            share = f', {100 * (alloc / floor_alloc - 1):+.1f}%' if alloc and floor_alloc else ''
            row.append(f'{(time - floor_time) / chars:.2f}{share}')
        print('| ' + ' | '.join(row) + ' |')


if __name__ == '__main__':
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
