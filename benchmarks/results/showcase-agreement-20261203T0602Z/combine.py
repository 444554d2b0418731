# Pools every batch's pairs: medians, quartiles, paired ratios. Usage: combine.py BATCH-DIR...
import os, sys, statistics
rows = []
for d in sys.argv[1:]:
    src = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'summarize.py')).read().split("pairs = sorted")[0]
    g = {'sys': sys}; exec("import json, glob, re, statistics, sys, os\n" + src.split('\n',1)[1].replace("d = sys.argv[1]", f"d = {d!r}"), g)
    import os, re
    ps = sorted({int(m.group(1)) for f in os.listdir(d) for m in [re.match(r'(?:jmh|showcase-\w+)-(\d+)\.', f)] if m})
    for p in ps:
        rows.append((d.split('-')[-1], p, g['jmh'](p), g['show']('after', p), g['show']('before', p)))
J = [r[2][4] for r in rows if r[2]]; A = [r[3][2] for r in rows if r[3]]; B = [r[4][2] for r in rows if r[4]]
med = statistics.median
print(f"pairs: {len(rows)}")
for n, v in (('JMH', J), ('after', A), ('before', B)):
    q = statistics.quantiles(v, n=4)
    print(f"{n}: median {med(v):.2f}x, quartiles {q[0]:.2f}x-{q[2]:.2f}x, range {min(v):.2f}x-{max(v):.2f}x")
# paired: showcase / JMH of the same pair
pa = [r[3][2]/r[2][4] for r in rows if r[2] and r[3]]; pb = [r[4][2]/r[2][4] for r in rows if r[2] and r[4]]
print(f"paired after/JMH: median {med(pa):.2f}, before/JMH: median {med(pb):.2f}")
# within stated spread: |showcase - JMH| <= spread * showcase
wa = sum(1 for r in rows if r[2] and r[3] and abs(r[3][2]-r[2][4]) <= r[3][3]*r[3][2]); wb = sum(1 for r in rows if r[2] and r[4] and abs(r[4][2]-r[2][4]) <= r[4][3]*r[4][2])
print(f"JMH ratio within the showcase row's stated spread: after {wa}/{len(pa)}, before {wb}/{len(pb)}")
qa = [r for r in rows if r[3] and r[3][3] <= 0.20]; qb = [r for r in rows if r[4] and r[4][3] <= 0.20]
print(f"quotable (spread <= 20%): after {len(qa)} rows, median {med([r[3][2] for r in qa]):.2f}x; before {len(qb)} rows, median {med([r[4][2] for r in qb]):.2f}x")
print(f"  JMH of those pairs: after-pairs {med([r[2][4] for r in qa]):.2f}x, before-pairs {med([r[2][4] for r in qb]):.2f}x")
for b in sorted({r[0] for r in rows}):
    sub=[r for r in rows if r[0]==b]
    print(b, f"JMH {med([r[2][4] for r in sub]):.2f}x after {med([r[3][2] for r in sub]):.2f}x before {med([r[4][2] for r in sub]):.2f}x")
