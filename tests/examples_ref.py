#!/usr/bin/env python3
# tests/examples_ref.py: independent Python models of the example programs
# in examples/, for a differential test of the CPU reference.
#
# Each model is written from the maths in the program's header comment (not
# from sluice's code): plain Python integers, with the program's shifts,
# floor divisions and clamps.  The script runs
#     SLUICE run examples/NAME.sl --seed 1 -o WORKDIR/NAME --engine interp
# and compares every output .npy with the model evaluated on the generated
# inputs (WORKDIR/NAME/INPUT.in.npy).  Pure Python, no numpy.
#
# Usage: examples_ref.py SLUICE EXAMPLES_DIR NAME WORKDIR
import ast
import math
import os
import struct
import subprocess
import sys

def read_npy(path):
    d = open(path, 'rb').read()
    assert d[:6] == b'\x93NUMPY', path
    major = d[6]
    if major == 1:
        hl = struct.unpack('<H', d[8:10])[0]; off = 10
    else:
        hl = struct.unpack('<I', d[8:12])[0]; off = 12
    h = ast.literal_eval(d[off:off+hl].decode('latin1'))
    descr, shape = h['descr'], h['shape']
    assert not h['fortran_order']
    code = {'u1':'B','i1':'b','u2':'H','i2':'h','u4':'I','i4':'i','u8':'Q','i8':'q','b1':'B'}[descr[1:]]
    endian = '>' if descr[0] == '>' else '<'
    n = 1
    for e in shape: n *= e
    vals = list(struct.unpack(endian + str(n) + code, d[off+hl:off+hl+n*struct.calcsize(code)]))
    return descr, shape, vals

def nd(shape, vals):
    # nested lists
    if len(shape) == 1: return vals
    step = len(vals) // shape[0]
    return [nd(shape[1:], vals[i*step:(i+1)*step]) for i in range(shape[0])]

def flat(x):
    if isinstance(x, list):
        r = []
        for e in x: r.extend(flat(e))
        return r
    return [x]

def clamp(v, lo, hi): return min(max(v, lo), hi)
HERE = None  # the examples directory, from the command line

def brighten(I):
    return [[min(v + 64, 255) for v in row] for row in I['in']]

def gaussian(I):
    a = I['in']; H = len(a); W = len(a[0]); k = [[1,2,1],[2,4,2],[1,2,1]]
    return [[sum(a[y+r][x+s]*k[r][s] for r in range(3) for s in range(3)) // 16
             for x in range(W-2)] for y in range(H-2)]

def blur121(a):
    H = len(a); W = len(a[0]); k = [[1,2,1],[2,4,2],[1,2,1]]
    return [[sum(a[y+r][x+s]*k[r][s] for r in range(3) for s in range(3)) >> 4
             for x in range(W-2)] for y in range(H-2)]

def cascade(I): return blur121(blur121(I['in']))

def blur_xy(I):
    # u16 sums wrap modulo 2^16 before each division by 3 (the header's rule)
    a = I['in']; H = len(a); W = len(a[0])
    bx = [[((a[y][x] + a[y][x+1] + a[y][x+2]) & 0xFFFF) // 3 for x in range(W-2)]
          for y in range(H)]
    return [[((bx[y][x] + bx[y+1][x] + bx[y+2][x]) & 0xFFFF) // 3 for x in range(W-2)]
            for y in range(H-2)]

def harris(I):
    p = I['in']; H = len(p); W = len(p[0])
    gx = [[clamp(p[y][x+2]-p[y][x] + 2*p[y+1][x+2]-2*p[y+1][x] + p[y+2][x+2]-p[y+2][x], -255, 255)
           for x in range(W-2)] for y in range(H-2)]
    gy = [[clamp(p[y+2][x]+2*p[y+2][x+1]+p[y+2][x+2] - p[y][x]-2*p[y][x+1]-p[y][x+2], -255, 255)
           for x in range(W-2)] for y in range(H-2)]
    def prod(a, b): return [[(a[y][x]*b[y][x]) >> 7 for x in range(W-2)] for y in range(H-2)]
    def box(a): return [[sum(a[y+r][x+s] for r in range(3) for s in range(3)) >> 6
                         for x in range(W-4)] for y in range(H-4)]
    sxx, syy, sxy = box(prod(gx, gx)), box(prod(gy, gy)), box(prod(gx, gy))
    cim = [[sxx[y][x]*syy[y][x] - sxy[y][x]**2 - (((sxx[y][x]+syy[y][x])**2) >> 4)
            for x in range(W-4)] for y in range(H-4)]
    out = []
    for y in range(H-6):
        row = []
        for x in range(W-6):
            c = cim[y+1][x+1]
            ok = all(c > cim[y+r][x+s] for r in range(3) for s in range(3) if (r, s) != (1, 1))
            row.append(255 if ok and c >= 100 else 0)
        out.append(row)
    return out

def unsharp(I):
    # borders clamped to the edge: row/column indices clamped to [0, H-1] /
    # [0, W-1]; the output has the input's size, centred on in(c, y, x).
    out = []
    for ch in I['in']:
        H = len(ch); W = len(ch[0])
        L = [clamp(x - 1, 0, W - 1) for x in range(W)]; R = [clamp(x + 1, 0, W - 1) for x in range(W)]
        U = [clamp(y - 1, 0, H - 1) for y in range(H)]; D = [clamp(y + 1, 0, H - 1) for y in range(H)]
        bx = [[(r[L[x]] + 2*r[x] + r[R[x]]) >> 2 for x in range(W)] for r in ch]
        b = [[(bx[U[y]][x] + 2*bx[y][x] + bx[D[y]][x]) >> 2 for x in range(W)] for y in range(H)]
        out.append([[clamp(2*ch[y][x] - b[y][x], 0, 255) for x in range(W)] for y in range(H)])
    return out

def upsample(I):
    a = I['in']; return [[a[y//2][x//2] for x in range(2*len(a[0]))] for y in range(2*len(a))]

def downsample(I):
    a = I['in']
    return [[(a[2*y][2*x]+a[2*y][2*x+1]+a[2*y+1][2*x]+a[2*y+1][2*x+1]+2) >> 2
             for x in range(len(a[0])//2)] for y in range(len(a)//2)]

def jacobi(I):
    # four steps of (N + W + C + E + S) // 5 with every neighbour index
    # clamped to the grid (repeat the edge): same size at every step.
    t = I['in']; H = len(t); W = len(t[0])
    L = [clamp(x - 1, 0, W - 1) for x in range(W)]; R = [clamp(x + 1, 0, W - 1) for x in range(W)]
    U = [clamp(y - 1, 0, H - 1) for y in range(H)]; D = [clamp(y + 1, 0, H - 1) for y in range(H)]
    for _ in range(4):
        t = [[(t[U[y]][x] + t[y][L[x]] + t[y][x] + t[y][R[x]] + t[D[y]][x]) // 5
              for x in range(W)] for y in range(H)]
    return t

def camera(I):
    raw = I['raw']; H = len(raw); W = len(raw[0])
    gamma = [math.floor(255 * (i / 255) ** (1 / 2.2) + 0.5) for i in range(256)]
    ccm = [[358,-70,-32],[-48,336,-32],[-16,-96,368]]
    out = [[[0]*3 for _ in range(W-2)] for _ in range(H-2)]   # [y][x][c]: channel innermost
    for Y in range(1, H-1):
        for X in range(1, W-1):
            c = raw[Y][X]
            h = (raw[Y][X-1] + raw[Y][X+1]) // 2
            v = (raw[Y-1][X] + raw[Y+1][X]) // 2
            cr = (raw[Y-1][X] + raw[Y+1][X] + raw[Y][X-1] + raw[Y][X+1]) // 4
            dg = (raw[Y-1][X-1] + raw[Y-1][X+1] + raw[Y+1][X-1] + raw[Y+1][X+1]) // 4
            if Y % 2 == 0 and X % 2 == 0: rgb = (c, cr, dg)       # R site
            elif Y % 2 == 0: rgb = (h, c, v)                      # G in R row
            elif X % 2 == 0: rgb = (v, c, h)                      # G in B row
            else: rgb = (dg, cr, c)                               # B site
            for ch in range(3):
                val = sum(ccm[ch][k]*rgb[k] for k in range(3)) >> 8
                out[Y-1][X-1][ch] = gamma[clamp(val, 0, 255)]
    return out

def laplacian(I):
    g0 = I['in']
    def blurdown(g):
        n = len(g); m = len(g[0])
        bx = [[(g[y][max(x-1,0)] + 2*g[y][x] + g[y][min(x+1,m-1)]) >> 2 for x in range(m)] for y in range(n)]
        b = [[(bx[max(y-1,0)][x] + 2*bx[y][x] + bx[min(y+1,n-1)][x]) >> 2 for x in range(m)] for y in range(n)]
        return [[b[2*y][2*x] for x in range(m//2)] for y in range(n//2)]
    def up(g): return [[g[y//2][x//2] for x in range(2*len(g[0]))] for y in range(2*len(g))]
    def sub(a, b): return [[a[y][x]-b[y][x] for x in range(len(a[0]))] for y in range(len(a))]
    def add(a, b, f): return [[a[y][x]+f(b[y][x]) for x in range(len(a[0]))] for y in range(len(a))]
    g1 = blurdown(g0); g2 = blurdown(g1)
    l0 = sub(g0, up(g1)); l1 = sub(g1, up(g2))
    recon = add(up(add(up(g2), l1, lambda v: v)), l0, lambda v: v)
    boost = lambda v: (3*v) >> 1
    enh = add(up(add(up(g2), l1, boost)), l0, boost)
    enh = [[clamp(v, 0, 255) for v in row] for row in enh]
    assert recon == g0
    return {'recon': recon, 'enhanced': enh}

def resnet(I):
    act = I['act']; w = nd(*read_npy(os.path.join(HERE, 'resnet_w.npy'))[1:])
    bias = [64, -32, 0, 128, -96, 16, -8, 256]
    return [[[clamp((bias[k] + sum(act[c][y+r][x+s]*w[k][c][r][s]
                                   for c in range(16) for r in range(3) for s in range(3))) >> 6, 0, 127)
              for x in range(28)] for y in range(28)] for k in range(8)]

def mobilenet(I):
    act = I['act']
    wd = nd(*read_npy(os.path.join(HERE, 'mobilenet_dw.npy'))[1:])
    wp = nd(*read_npy(os.path.join(HERE, 'mobilenet_pw.npy'))[1:])
    dq = [[[clamp(sum(act[c][y+r][x+s]*wd[c][r][s] for r in range(3) for s in range(3)) >> 4, 0, 127)
            for x in range(28)] for y in range(28)] for c in range(16)]
    return [[[clamp(sum(dq[m][y][x]*wp[k][m] for m in range(16)) >> 4, 0, 127)
              for x in range(28)] for y in range(28)] for k in range(8)]

def matmul(I):
    a, b = I['a'], I['b']
    return [[sum(a[i][k]*b[k][j] for k in range(16)) for j in range(16)] for i in range(16)]

MODELS = {
    'brighten': (['in'], brighten, 'brighten'),
    'gaussian': (['in'], gaussian, 'gaussian'),
    'cascade': (['in'], cascade, 'cascade'),
    'blur_xy': (['in'], blur_xy, 'by'),
    'harris': (['in'], harris, 'harris'),
    'unsharp': (['in'], unsharp, 'unsharp'),
    'upsample': (['in'], upsample, 'upsample'),
    'downsample': (['in'], downsample, 'downsample'),
    'jacobi': (['in'], jacobi, 'jacobi'),
    'camera_pipeline': (['raw'], camera, 'camera'),
    'laplacian_pyramid': (['in'], laplacian, None),
    'resnet_layer': (['act'], resnet, 'resnet_layer'),
    'mobilenet': (['act'], mobilenet, 'mobilenet'),
    'matmul': (['a', 'b'], matmul, 'matmul'),
}

def main(argv):
    global HERE
    if len(argv) < 5 or argv[3] not in MODELS:
        sys.stderr.write('usage: examples_ref.py SLUICE EXAMPLES_DIR NAME WORKDIR [-D N=V]...\n')
        return 2
    sluice, HERE, name, work = argv[1:5]
    defines = argv[5:]  # -D W=1920 -D H=1080: the same program at another size
    tag = ''.join('_' + a.replace('=', '') for a in defines if a != '-D')
    d = os.path.join(work, name + tag)
    os.makedirs(d, exist_ok=True)
    # the interpreter, named (run's default compiles the 1080p programs),
    # or EXAMPLES_REF_ENGINE's
    engine = os.environ.get('EXAMPLES_REF_ENGINE', 'interp')
    cmd = [sluice, 'run', os.path.join(HERE, name + '.sl')] + defines + ['--seed', '1', '-o', d,
                                                                          '--engine', engine]
    if subprocess.call(cmd) != 0:
        print('%s: sluice run failed: %s' % (name, ' '.join(cmd)))
        return 1
    ins, fn, out = MODELS[name]
    I = {}
    for n in ins:
        descr, shape, vals = read_npy(os.path.join(d, n + '.in.npy'))
        I[n] = nd(shape, vals)
    res = fn(I)
    outs = res if isinstance(res, dict) else {out: res}
    bad = 0
    for o, want in outs.items():
        descr, shape, vals = read_npy(os.path.join(d, o + '.npy'))
        w = flat(want)
        if len(w) != len(vals):
            print('%s: %s has %d values, want %d' % (name, o, len(vals), len(w)))
            bad += 1
            continue
        diff = [i for i in range(len(w)) if w[i] != vals[i]]
        if diff:
            i = diff[0]
            print('%s: %s differs at %d places, first at flat index %d: got %d, want %d'
                  % (name, o, len(diff), i, vals[i], w[i]))
            bad += 1
        else:
            print('%s: %s OK (%s %s, %d values, %d nonzero, min %d, max %d)'
                  % (name, o, descr, shape, len(w), sum(1 for v in w if v), min(w), max(w)))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
