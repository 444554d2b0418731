import sys, json, glob, statistics, os, re
rows = {}
for f in sorted(glob.glob(sys.argv[1] + '/*-r*-*.json')):
    if os.path.getsize(f) == 0: continue
    which, rnd = re.match(r'.*/(main|branch)-r(\d)-', f).groups()
    for b in json.load(open(f)):
        name = b['benchmark'].split('.')[-2] + '.' + b['benchmark'].split('.')[-1]
        params = b.get('params') or {}
        cell = name + (' N=%s W=%s' % (params['totalBytes'], params['pieceBytes']) if params else '')
        raw = [x for it in b['primaryMetric']['rawData'] for x in it]
        alloc = b['secondaryMetrics'].get('gc.alloc.rate.norm', {}).get('score')
        rows.setdefault(cell, {}).setdefault(which, []).append((int(rnd), statistics.median(raw), min(raw), max(raw), alloc, b['primaryMetric']['scoreUnit']))
for cell, d in rows.items():
    print(cell)
    for which in ('main', 'branch'):
        for r in sorted(d.get(which, [])):
            print('  %-6s r%d median %.3f (iter min %.3f max %.3f) %s  alloc %.1f B/op' % (which, r[0], r[1], r[2], r[3], r[5], r[4] or -1))
    m = [r[1] for r in d.get('main', [])]; b = [r[1] for r in d.get('branch', [])]
    if m and b:
        print('  ratio branch/main of medians-of-runs: %.3f   (per-run medians main %s branch %s)' % (statistics.median(b)/statistics.median(m), ['%.3f'%x for x in m], ['%.3f'%x for x in b]))
        print('  ratio range over run pairs: %.3f .. %.3f' % (min(b)/max(m), max(b)/min(m)))
        mm = min(r[2] for r in d['main']); bm = min(r[2] for r in d['branch'])
        print('  best iteration: main %.3f branch %.3f ratio %.3f' % (mm, bm, bm/mm))
