import json,glob,statistics,collections,sys
d=sys.argv[1] if len(sys.argv)>1 else '/tmp/wsab'
runs=collections.defaultdict(lambda: collections.defaultdict(list))
for f in sorted(glob.glob(d+'/run*-*.json')):
    jar=f.rsplit('-',1)[1][:-5]
    try: data=json.load(open(f))
    except Exception: continue
    for b in data:
        key=(b['benchmark'].rsplit('.',1)[1],)+tuple(sorted(b.get('params',{}).items()))
        runs[key][jar].append((b['primaryMetric']['score'], [x for fork in b['primaryMetric']['rawData'] for x in fork], b['secondaryMetrics'].get('gc.alloc.rate.norm',{}).get('score')))
print('| benchmark | params | base (us/op, runs) | new (us/op, runs) | new/base (ratio of medians of iterations) | B/op base / new |')
print('|---|---|---|---|---:|---|')
for key in sorted(runs):
    r=runs[key]
    if 'base' not in r or 'new' not in r: continue
    bi=[x for s,raw,a in r['base'] for x in raw]; ni=[x for s,raw,a in r['new'] for x in raw]
    bm=statistics.median(bi); nm=statistics.median(ni)
    # per-run scores
    bs=', '.join('%.3g'%s for s,_,_ in r['base']); ns=', '.join('%.3g'%s for s,_,_ in r['new'])
    lo=min(s for s,_,_ in r['new'])/max(s for s,_,_ in r['base']); hi=max(s for s,_,_ in r['new'])/min(s for s,_,_ in r['base'])
    ba='/'.join('%.0f'%a for _,_,a in r['base'] if a is not None); na='/'.join('%.0f'%a for _,_,a in r['new'] if a is not None)
    params=' '.join(v for k,v in key[1:])
    print(f'| {key[0]} | {params} | {bs} | {ns} | {nm/bm:.3f} [{lo:.2f}-{hi:.2f}] | {ba} / {na} |')
