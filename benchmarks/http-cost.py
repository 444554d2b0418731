#!/usr/bin/env python3
"""The HTTP benchmarks' goals, cell by cell: each contender's MB/s (body bytes over the median time per
exchange) and bytes allocated per exchange, as a share of the body and above the client's floor (the
'discarding' handler for HttpResponseBenchmark, the 'floor' publisher for HttpRequestBenchmark), and ours
against the JDK's: speed as a ratio (above 1.0x ours is faster) and, for text, allocation as a share of
ofString's, in total and of what each adds to the floor. Results are read and summarized by
contender-table.py's code (medians over all forks' iterations).

Usage: python3 benchmarks/http-cost.py FILE.json...
"""
import importlib.util
import os
import sys

_spec = importlib.util.spec_from_file_location(
    'contender_table', os.path.join(os.path.dirname(os.path.abspath(__file__)), 'contender-table.py'))
table = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(table)

BENCHMARKS = {
    'HttpResponseBenchmark': ('handler', 'discarding',
                              ['discarding', 'ofByteArray', 'ofString', 'ofInputStream', 'keepBuffers', 'recyclable',
                               'recyclableText']),
    'HttpRequestBenchmark': ('publisher', 'floor', ['floor', 'ofByteArray', 'toByteArray', 'recyclable']),
}


def mbps(size, nanos):
    return size / (nanos / 1e9) / 1e6


def report(name, files):
    contender, floor_name, order = BENCHMARKS[name]
    cells = table.load(name, contender, files)
    if not cells:
        return
    print(f'## {name}: MB/s, B/op (share of the body; above the floor)')
    print()
    present = [c for c in order if any(c in cells[k] for k in cells)]
    header = ['cell'] + present
    if name == 'HttpResponseBenchmark':
        header += ['ours / ofByteArray speed', 'text / ofString speed', 'text alloc / ofString', 'text above floor / ofString above floor']
    else:
        header += ['ours / toByteArray speed', 'ours above floor, % of body']
    print('| ' + ' | '.join(header) + ' |')
    print('|---|' + '---:|' * (len(header) - 1))
    for key in sorted(cells, key=lambda k: [(0, int(v), '') if v.isdigit() else (1, 0, v) for _, v in k]):
        params = dict(key)
        size = int(params['bodyBytes'])
        stats = {who: table.summary(cells[key][who]) for who in cells[key]}
        floor = stats.get(floor_name)
        row = [table.cell_label(key)]
        for who in present:
            if who not in stats:
                row.append('')
                continue
            time, spread, alloc = stats[who]
            text = f'{mbps(size, time):.0f} MB/s ±{spread * 100:.0f}%'
            if alloc is not None:
                text += f', {table.fmt_bytes(alloc)} ({100 * alloc / size:.0f}%'
                if floor and floor[2] is not None and who != floor_name:
                    text += f'; {alloc - floor[2]:+,.0f} B'
                text += ')'
            row.append(text)

        def ratio(theirs, ours):
            if theirs in stats and ours in stats:
                return f'{stats[theirs][0] / stats[ours][0]:.2f}x'
            return ''

        if name == 'HttpResponseBenchmark':
            row.append(ratio('ofByteArray', 'recyclable'))
            row.append(ratio('ofString', 'recyclableText'))
            if 'ofString' in stats and 'recyclableText' in stats and stats['ofString'][2]:
                ours_alloc, theirs_alloc = stats['recyclableText'][2], stats['ofString'][2]
                row.append(f'{ours_alloc / theirs_alloc:.2f}')
                if floor and floor[2] is not None and theirs_alloc > floor[2]:
                    row.append(f'{(ours_alloc - floor[2]) / (theirs_alloc - floor[2]):.2f}')
                else:
                    row.append('')
            else:
                row += ['', '']
        else:
            row.append(ratio('toByteArray', 'recyclable'))
            if floor and 'recyclable' in stats and stats['recyclable'][2] is not None and floor[2] is not None:
                row.append(f'{100 * (stats["recyclable"][2] - floor[2]) / size:+.2f}%')
            else:
                row.append('')
        print('| ' + ' | '.join(row) + ' |')
    print()


def main(files):
    for name in BENCHMARKS:
        report(name, files)


if __name__ == '__main__':
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
