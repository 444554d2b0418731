"""Summarizes a benchmarks/run-ab.sh results folder as a Markdown table, one row per benchmark and
parameter set: each run's score (JMH's per-op unit), new/base as the ratio of the medians of all
measured iterations with, in brackets, the lowest and highest ratio of a new run to a base run, the
medians of the fork means, and bytes allocated per op (-prof gc) per run.

Usage: python3 benchmarks/ab-summary.py <folder>   (reads <folder>/run<N>-<base|new>.json)
"""
import collections
import glob
import json
import statistics
import sys


def load(folder):
    """(benchmark, params) -> label -> list of (score, iterations, fork means, B/op), in run order."""
    runs = collections.defaultdict(lambda: collections.defaultdict(list))
    for path in sorted(glob.glob(folder + '/run*-*.json')):
        label = path.rsplit('-', 1)[1][:-len('.json')]
        try:
            results = json.load(open(path))
        except ValueError:
            continue  # a run that did not finish
        for b in results:
            name = '.'.join(b['benchmark'].rsplit('.', 2)[-2:])
            key = (name, b['primaryMetric']['scoreUnit'], tuple(sorted(b.get('params', {}).items())))
            forks = b['primaryMetric']['rawData']
            alloc = b['secondaryMetrics'].get('gc.alloc.rate.norm', {}).get('score')
            runs[key][label].append((b['primaryMetric']['score'], [x for f in forks for x in f],
                                     [statistics.mean(f) for f in forks], alloc))
    return runs


def row(key, base, new):
    name, unit, params = key
    median = lambda runs, i: statistics.median(x for run in runs for x in run[i])
    scores = lambda runs: ', '.join('%.3g' % run[0] for run in runs)
    allocs = lambda runs: '/'.join('%.0f' % run[3] for run in runs if run[3] is not None)
    lo = min(r[0] for r in new) / max(r[0] for r in base)
    hi = max(r[0] for r in new) / min(r[0] for r in base)
    ratio = median(new, 1) / median(base, 1)
    forks = median(new, 2) / median(base, 2)
    return (f"| {name} | {' '.join(v for _, v in params)} | {unit} | {scores(base)} | {scores(new)} "
            f"| {ratio:.3f} [{lo:.2f}-{hi:.2f}] | {forks:.3f} | {allocs(base)} / {allocs(new)} |")


def main(folder):
    runs = load(folder)
    print('| benchmark | params | unit | base, per run | new, per run | new/base: iterations [run range] '
          '| new/base: fork means | B/op base / new |')
    print('|---|---|---|---|---|---:|---:|---|')
    for key in sorted(runs):
        if 'base' in runs[key] and 'new' in runs[key]:
            print(row(key, runs[key]['base'], runs[key]['new']))


if __name__ == '__main__':
    main(sys.argv[1])
