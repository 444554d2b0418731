import json,glob,statistics,collections,sys
d=sys.argv[1] if len(sys.argv)>1 else '/tmp/loop12'
cells=collections.defaultdict(lambda: {'t':[], 'a':[]})
for f in sorted(glob.glob(d+'/round*.json')):
    try: data=json.load(open(f))
    except Exception: continue
    for b in data:
        p=b['params']; key=(p['client'],p['frames'],p['type'])
        cells[key]['t']+= [x*1000/1024 for x in b['primaryMetric']['rawData'][0]]   # us per message
        cells[key]['a'].append(b['secondaryMetrics']['gc.alloc.rate.norm']['score']/1024)
def med(k,w): v=cells[k][w]; return statistics.median(v) if v else float('nan')
def rng(k,w): v=cells[k][w]; return (min(v),max(v))
print('| frames | type | our Netty handlers | Netty stock | stock/ours time | JDK + our adapter | JDK floor | floor/ours time | adapter over floor |')
print('|---|---|---|---|---:|---|---|---:|---:|')
for fr in ['prebuilt','send','prebuiltPing']:
  for ty in ['TEXT','BINARY']:
    n=('recyclableNetty',fr,ty); s=('nettyStock',fr,ty); j=('jdkRecyclable',fr,ty); fl=('jdkFloor',fr,ty)
    if n not in cells: continue
    def c(k): return f"{med(k,'t'):.1f} us [{rng(k,'t')[0]:.1f}-{rng(k,'t')[1]:.1f}], {med(k,'a'):.0f} B"
    over=med(j,'a')-med(fl,'a')
    print(f"| {fr} | {ty.lower()} | {c(n)} | {c(s)} | {med(s,'t')/med(n,'t'):.2f}x | {c(j)} | {c(fl)} | {med(fl,'t')/med(j,'t'):.2f}x | +{over:.0f} B ({100*over/med(fl,'a'):.1f}%) |")
