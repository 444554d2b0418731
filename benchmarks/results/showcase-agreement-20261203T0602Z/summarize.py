# One batch as a Markdown table, with medians. Usage: summarize.py BATCH-DIR
import json, glob, re, statistics, sys, os
d = sys.argv[1]
def jmh(p):
    f = f'{d}/jmh-{p}.json'
    if not os.path.exists(f): return None
    r = {x['benchmark'].split('.')[-1]: x['primaryMetric'] for x in json.load(open(f))}
    if 'baosWriteTo' not in r or 'recyclable' not in r: return None
    b, o = r['baosWriteTo'], r['recyclable']
    return b['score'], b['scoreError'], o['score'], o['scoreError'], b['score']/o['score']
def show(kind, p):
    f = f'{d}/showcase-{kind}-{p}.tsv'
    if not os.path.exists(f): return None
    for line in open(f):
        x = line.rstrip('\n').split('\t')
        if x[0] == 'ROW' and x[1] == '64 KiB byte by byte':
            u = [float(v) for v in x[4:7]]; o = [float(v) for v in x[9:12]]
            sp = lambda m: max(m[2]-m[0], m[0]-m[1])/m[0]
            return u[0], o[0], u[0]/o[0], sp(u)+sp(o)
    return None
pairs = sorted({int(m.group(1)) for f in os.listdir(d) for m in [re.match(r'(?:jmh|showcase-\w+)-(\d+)\.', f)] if m})
J, A, B = [], [], []
print('| pair | JMH BAOS ns/op | JMH ours ns/op | JMH ratio | showcase after: BAOS / ours | after ratio ± spread | showcase before: BAOS / ours | before ratio ± spread |')
print('|---|---:|---:|---:|---:|---:|---:|---:|')
for p in pairs:
    j, a, b = jmh(p), show('after', p), show('before', p)
    row = [str(p)]
    row += [f'{j[0]:,.0f} ± {j[1]:,.0f}', f'{j[2]:,.0f} ± {j[3]:,.0f}', f'{j[4]:.2f}x'] if j else ['-']*3
    row += [f'{a[0]:,.0f} / {a[1]:,.0f}', f'{a[2]:.2f}x ±{a[3]*100:.0f}%'] if a else ['-']*2
    row += [f'{b[0]:,.0f} / {b[1]:,.0f}', f'{b[2]:.2f}x ±{b[3]*100:.0f}%'] if b else ['-']*2
    print('| ' + ' | '.join(row) + ' |')
    if j: J.append(j[4])
    if a: A.append(a[2])
    if b: B.append(b[2])
for name, v in (('JMH', J), ('showcase after', A), ('showcase before', B)):
    if v: print(f'{name}: median {statistics.median(v):.2f}x, range {min(v):.2f}x-{max(v):.2f}x over {len(v)}')
