# Issue 10 A/B: medians per run, ratio of after/before medians, range over run pairs.
import json, glob, statistics, collections
res = collections.defaultdict(dict)
for f in sorted(glob.glob('*.json')):
    kind, jar, n = f[:-5].split('-')
    for b in json.load(open(f)):
        name = b['benchmark'].split('.')[-1]
        p = b.get('params', {})
        key = name + (' N=%s W=%s' % (p.get('totalBytes'), p.get('pieceBytes')) if p else '')
        raw = [x for fork in b['primaryMetric']['rawData'] for x in fork]
        alloc = b['secondaryMetrics'].get('gc.alloc.rate.norm', {}).get('score')
        res[key][(jar, n)] = (statistics.median(raw), b['primaryMetric']['scoreUnit'], alloc)
print('| cell | before (run 1) | after (run 2) | after (run 3) | before (run 4) | after / before | range over run pairs | B/op before → after |')
print('|---|---:|---:|---:|---:|---:|---:|---:|')
for key, d in res.items():
    b = [d[k][0] for k in d if k[0] == 'before']; a = [d[k][0] for k in d if k[0] == 'after']
    unit = list(d.values())[0][1]
    order = [('before', '1'), ('after', '2'), ('after', '3'), ('before', '4')]
    cells = ['%.4g %s' % (d[k][0], unit) if k in d else '-' for k in order]
    ab = [d[k][2] for k in d if k[0] == 'before']; aa = [d[k][2] for k in d if k[0] == 'after']
    print('| %s | %s | %.2f | %.2f-%.2f | %.1f → %.1f |' % (key, ' | '.join(cells), statistics.median(a) / statistics.median(b),
          min(a) / max(b), max(a) / min(b), statistics.mean(ab), statistics.mean(aa)))
