#!/usr/bin/env python3
"""tests/onnx/make_networks.py OUTDIR: small quantized networks with seeded
random weights and inputs, for tests/onnx/networks.sh, which runs each through
onnxruntime-node (the reference) and `sluice run`. The models are written
with make_models.py's protobuf encoder (Python's standard library only).

  qconv_ties      QLinearConv u8 x i8, scales 0.5 (every odd accumulator a tie), bias
  dw_pw           depthwise QLinearConv (group = C) then pointwise, per-channel w scales
  conv_pool_fc    QLinearConv, MaxPool, Reshape, QLinearMatMul
  convint_add     ConvInteger with a zero point, Add of an int32 bias
  matmulint       MatMulInteger with both zero points
  max_clip        Max of two int8 inputs, Clip by int8 constants
  qdq_conv        DequantizeLinear -> Conv (per-channel weights, int32 bias) -> QuantizeLinear
  qdq_matmul      DequantizeLinear -> MatMul -> QuantizeLinear
  fc_wide         QLinearMatMul over 1024 taps, s = 1e-6: accumulators past 2^24,
                  where float32 rounds the accumulator itself
  layout          Transpose, Pad (constant, edge, reflect), Concat, Unsqueeze,
                  Squeeze, Flatten, Cast, Relu, Div and Mod by constants and by
                  tensors, Sub, Abs, Neg, Where, Equal
"""
import os
import random
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_models import fint, fbytes, value_info, tensor, model  # noqa: E402

U8, I8, I32, F32 = 2, 3, 6, 1
PACK = {U8: "B", I8: "b", I32: "i", F32: "f"}
NPY = {U8: "|u1", I8: "|i1", I32: "<i4"}


def attr_ints(name, vals):
    return fbytes(1, name) + fint(20, 7) + b"".join(fint(8, v) for v in vals)


def attr_int(name, v):
    return fbytes(1, name) + fint(20, 2) + fint(3, v)


def node(op, ins, outs, name, attrs=()):
    return (b"".join(fbytes(1, i) for i in ins) + b"".join(fbytes(2, o) for o in outs)
            + fbytes(3, name) + fbytes(4, op) + b"".join(fbytes(5, a) for a in attrs))


def init(name, elem, dims, vals):
    n = 1
    for d in dims:
        n *= d
    assert len(vals) == n, name
    return tensor(name, elem, dims, raw=struct.pack("<%d%s" % (n, PACK[elem]), *vals))


def rand(rng, elem, n):
    lo, hi = {U8: (0, 255), I8: (-128, 127), I32: (-2000, 2000)}[elem]
    return [rng.randint(lo, hi) for _ in range(n)]


def write_npy(path, elem, dims, vals):
    shape = ", ".join(str(d) for d in dims) + ("," if len(dims) == 1 else "")
    h = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (NPY[elem], shape)
    h += " " * (63 - (len(h) + 10) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(h)) + h.encode())
        f.write(struct.pack("<%d%s" % (len(vals), PACK[elem]), *vals))


def qparams(prefix, scale, zp, zelem, n=1):
    s = scale if isinstance(scale, list) else [scale] * n
    z = zp if isinstance(zp, list) else [zp] * n
    dims = [] if n == 1 and not isinstance(scale, list) else [n]
    return [init(prefix + "_scale", F32, dims, s), init(prefix + "_zp", zelem, dims, z)]


def qconv(name, x, w, y, wdims, rng, xs, ws, ys, yzp, group=1, pads=(1, 1, 1, 1),
          per_channel=False, bias=True):
    m, n = wdims[0], wdims[0] * wdims[1] * wdims[2] * wdims[3]
    inits = [init(w, I8, wdims, rand(rng, I8, n))]
    inits += qparams(x, xs, 128, U8)
    inits += qparams(w, [ws * (1 + c / 8) for c in range(m)] if per_channel else ws,
                     [0] * m if per_channel else 0, I8, m)
    inits += qparams(y, ys, yzp, U8)
    ins = [x, x + "_scale", x + "_zp", w, w + "_scale", w + "_zp", y + "_scale", y + "_zp"]
    if bias:
        inits.append(init(w + "_b", I32, [m], rand(rng, I32, m)))
        ins.append(w + "_b")
    attrs = [attr_ints("pads", pads), attr_int("group", group)]
    return node("QLinearConv", ins, [y], name, attrs), inits


def networks(rng):
    nets = {}
    n, inits = qconv("conv", "x", "w", "y", [4, 2, 3, 3], rng, 0.5, 0.5, 0.5, 3)
    nets["qconv_ties"] = ([n], inits, [("x", U8, [1, 2, 6, 6])], [("y", U8, [1, 4, 6, 6])])

    n1, i1 = qconv("dw", "x", "wd", "h", [3, 1, 3, 3], rng, 0.02, 0.01, 0.03, 128, group=3,
                   per_channel=True)
    n2, i2 = qconv("pw", "h", "wp", "y", [5, 3, 1, 1], rng, 0.03, 0.02, 0.05, 120,
                   pads=(0, 0, 0, 0), per_channel=True)
    nets["dw_pw"] = ([n1, n2], i1 + [t for t in i2 if t not in i1],  # h's params shared
                     [("x", U8, [1, 3, 8, 8])], [("y", U8, [1, 5, 8, 8])])

    n1, i1 = qconv("conv", "x", "w", "c", [4, 1, 3, 3], rng, 0.02, 0.01, 0.05, 100)
    pool = node("MaxPool", ["c"], ["p"], "pool", [attr_ints("kernel_shape", [2, 2]),
                                                  attr_ints("strides", [2, 2])])
    shp = tensor("shape", 7, [2], raw=struct.pack("<2q", 1, 64))
    resh = node("Reshape", ["p", "shape"], ["r"], "flatten")
    fc_w = init("fw", I8, [64, 10], rand(rng, I8, 640))
    fcq = qparams("fw", 0.004, 0, I8) + qparams("o", 0.1, 128, U8)
    fc = node("QLinearMatMul", ["r", "c_scale", "c_zp", "fw", "fw_scale", "fw_zp", "o_scale",
                                "o_zp"], ["o"], "fc")
    nets["conv_pool_fc"] = ([n1, pool, resh, fc], i1 + [shp, fc_w] + fcq,
                            [("x", U8, [1, 1, 8, 8])], [("o", U8, [1, 10])])

    ci = node("ConvInteger", ["x", "w", "xz"], ["c"], "conv", [attr_ints("pads", [1, 1, 1, 1])])
    add = node("Add", ["c", "b"], ["y"], "bias")
    nets["convint_add"] = ([ci, add], [init("w", U8, [3, 2, 3, 3], rand(rng, U8, 54)),
                                       init("xz", U8, [], [17]),
                                       init("b", I32, [1, 3, 1, 1], rand(rng, I32, 3))],
                           [("x", U8, [1, 2, 5, 5])], [("y", I32, [1, 3, 5, 5])])

    mm = node("MatMulInteger", ["a", "b", "az", "bz"], ["y"], "mm")
    nets["matmulint"] = ([mm], [init("b", I8, [6, 4], rand(rng, I8, 24)), init("az", I8, [], [-3]),
                                init("bz", I8, [], [5])],
                         [("a", I8, [3, 6])], [("y", I32, [3, 4])])

    mx = node("Max", ["a", "b"], ["m"], "max")
    cl = node("Clip", ["m", "lo", "hi"], ["y"], "clip")
    nets["max_clip"] = ([mx, cl], [init("lo", I8, [], [-20]), init("hi", I8, [], [90])],
                        [("a", I8, [2, 3, 4]), ("b", I8, [3, 4])], [("y", I8, [2, 3, 4])])
    nets["qdq_conv"] = qdq_conv(rng)
    nets["qdq_matmul"] = qdq_matmul(rng)
    nets["layout"] = layout()
    nets["fc_wide"] = fc_wide(rng)
    nets["qdq_add_relu"] = qdq_add_relu()
    nets.update(ideal_networks(rng))
    return nets


def ideal_networks(rng):
    """The four networks of issue 27's bar on cycles (docs/onnx.md, "Streams
    at the ideal"), images of 8 channels of side S: a MobileNet
    depthwise-separable block, a ResNet basic block with its residual add,
    an MLP on a batch of 16 vectors, and a conv-pool-FC classifier."""
    nets = {}
    S = 32
    x = ("x", U8, [1, 8, S, S])
    n1, i1 = qconv("dw", "x", "wd", "h", [8, 1, 3, 3], rng, 0.02, 0.01, 0.03, 128, group=8,
                   per_channel=True)
    n2, i2 = qconv("pw", "h", "wp", "y", [16, 8, 1, 1], rng, 0.03, 0.02, 0.05, 120,
                   pads=(0, 0, 0, 0), per_channel=True)
    nets["mobilenet_block"] = ([n1, n2], i1 + [t for t in i2 if t not in i1], [x],
                               [("y", U8, [1, 16, S, S])])

    n1, i1 = qconv("conv1", "x", "w1", "h", [8, 8, 3, 3], rng, 0.02, 0.004, 0.02, 128)
    n2, i2 = qconv("conv2", "h", "w2", "c", [8, 8, 3, 3], rng, 0.02, 0.004, 0.02, 128)
    res = [node("Cast", ["x"], ["x32"], "cast_x", [attr_int("to", I32)]),
           node("Cast", ["c"], ["c32"], "cast_c", [attr_int("to", I32)]),
           node("Add", ["x32", "c32"], ["s"], "residual"),
           node("Sub", ["s", "zp"], ["sz"], "zero_point"),
           node("Clip", ["sz", "lo", "hi"], ["r"], "relu"),
           node("Cast", ["r"], ["y"], "cast_y", [attr_int("to", U8)])]
    consts = [init("zp", I32, [], [128]), init("lo", I32, [], [0]), init("hi", I32, [], [255])]
    nets["resnet_block"] = ([n1, n2] + res, i1 + [t for t in i2 if t not in i1] + consts, [x],
                            [("y", U8, [1, 8, S, S])])

    inits = [init("w1", I8, [64, 32], rand(rng, I8, 64 * 32)), init("w2", I8, [32, 10],
             rand(rng, I8, 320))]
    inits += qparams("a", 0.02, 128, U8) + qparams("w1", 0.003, 0, I8)
    inits += qparams("h", 0.05, 100, U8) + qparams("w2", 0.004, 0, I8) + qparams("y", 0.1, 128, U8)
    fc1 = node("QLinearMatMul", ["a", "a_scale", "a_zp", "w1", "w1_scale", "w1_zp", "h_scale",
                                 "h_zp"], ["h"], "fc1")
    fc2 = node("QLinearMatMul", ["h", "h_scale", "h_zp", "w2", "w2_scale", "w2_zp", "y_scale",
                                 "y_zp"], ["y"], "fc2")
    nets["mlp"] = ([fc1, fc2], inits, [("a", U8, [16, 64])], [("y", U8, [16, 10])])

    n1, i1 = qconv("conv", "x", "w", "c", [8, 8, 3, 3], rng, 0.02, 0.004, 0.05, 100)
    pool = node("MaxPool", ["c"], ["p"], "pool", [attr_ints("kernel_shape", [2, 2]),
                                                  attr_ints("strides", [2, 2])])
    flat = node("Flatten", ["p"], ["f"], "flatten", [attr_int("axis", 1)])
    k = 8 * (S // 2) * (S // 2)
    fc_w = init("fw", I8, [k, 10], rand(rng, I8, k * 10))
    fcq = qparams("fw", 0.002, 0, I8) + qparams("o", 0.1, 128, U8)
    fc = node("QLinearMatMul", ["f", "c_scale", "c_zp", "fw", "fw_scale", "fw_zp", "o_scale",
                                "o_zp"], ["o"], "fc")
    nets["classifier"] = ([n1, pool, flat, fc], i1 + [fc_w] + fcq, [x], [("o", U8, [1, 10])])
    return nets


def fc_wide(rng):
    k, n = 1024, 16
    inits = [init("b", U8, [k, n], rand(rng, U8, k * n)), init("a_s", F32, [], [1e-3]),
             init("a_z", U8, [], [0]), init("b_s", F32, [], [1e-3]), init("b_z", U8, [], [0]),
             init("y_s", F32, [], [1.0]), init("y_z", U8, [], [0])]
    mm = node("QLinearMatMul", ["a", "a_s", "a_z", "b", "b_s", "b_z", "y_s", "y_z"], ["y"], "fc")
    return ([mm], inits, [("a", U8, [4, k])], [("y", U8, [4, n])])


def i64s(name, vals):
    return tensor(name, 7, [len(vals)], raw=struct.pack("<%dq" % len(vals), *vals))


def attr_str(name, v):
    return fbytes(1, name) + fint(20, 3) + fbytes(4, v)


def layout():
    inits = [i64s("pads", [0, 1, 2, 1, 0, 1]), i64s("pads2", [1, 0, 0, 0, 1, 2]),
             i64s("ax0", [0]), init("cm3", I32, [], [-3]), init("pv", I8, [], [-5])]
    nodes = [
        node("Transpose", ["x"], ["t"], "transpose", [attr_ints("perm", [2, 0, 1])]),
        node("Pad", ["t", "pads", "pv"], ["pc"], "pad_const"),
        node("Pad", ["t", "pads"], ["pe"], "pad_edge", [attr_str("mode", "edge")]),
        node("Pad", ["t", "pads2"], ["pr"], "pad_reflect", [attr_str("mode", "reflect")]),
        node("Concat", ["pc", "pe"], ["cat"], "concat", [attr_int("axis", 1)]),
        node("Unsqueeze", ["cat", "ax0"], ["u"], "unsqueeze"),
        node("Squeeze", ["u", "ax0"], ["sq"], "squeeze"),
        node("Flatten", ["sq"], ["f"], "flatten", [attr_int("axis", 2)]),
        node("Relu", ["f"], ["r"], "relu"),
        node("Cast", ["f"], ["f32"], "cast", [attr_int("to", I32)]),
        node("Div", ["f32", "cm3"], ["dc"], "div_const"),
        node("Mod", ["f32", "cm3"], ["mc"], "mod_const"),
        node("Sub", ["r", "f"], ["d"], "sub"),
        node("Abs", ["f"], ["ab"], "abs"),
        node("Neg", ["ab"], ["ng"], "neg"),
        node("Equal", ["ng", "f"], ["eq"], "equal"),
        node("Where", ["eq", "dc", "mc"], ["w"], "where"),
        node("Cast", ["pr"], ["pr32"], "cast_pr", [attr_int("to", I32)]),
        node("Cast", ["y"], ["y32"], "cast_y", [attr_int("to", I32)]),
        node("Div", ["pr32", "y32"], ["dt"], "div_tensor"),
        node("Mod", ["pr32", "y32"], ["mt"], "mod_tensor"),
        node("Mod", ["pr32", "y32"], ["ft"], "fmod_tensor", [attr_int("fmod", 1)]),
    ]
    outs = [("w", I32, [30, 6]), ("d", I8, [30, 6]), ("dc", I32, [30, 6]), ("mc", I32, [30, 6]),
            ("dt", I32, [5, 3, 5]), ("mt", I32, [5, 3, 5]), ("ft", I32, [5, 3, 5])]
    return (nodes, inits, [("x", I8, [2, 3, 4]), ("y", I8, [3, 5])], outs)


def dq(name, q, scale, zp, axis=None):
    attrs = [attr_int("axis", axis)] if axis is not None else []
    return node("DequantizeLinear", [q, scale, zp], [name], "dq_" + name, attrs)


def qdq_conv(rng):
    m = 4
    inits = [init("wq", I8, [m, 2, 3, 3], rand(rng, I8, m * 18)),
             init("w_s", F32, [m], [0.01 * (1 + c / 4) for c in range(m)]),
             init("w_z", I8, [m], [0] * m), init("x_s", F32, [], [0.02]), init("x_z", U8, [], [128]),
             init("bq", I32, [m], rand(rng, I32, m)),
             init("b_s", F32, [m], [0.02 * 0.01 * (1 + c / 4) for c in range(m)]),
             init("b_z", I32, [m], [0] * m), init("y_s", F32, [], [0.05]), init("y_z", U8, [], [110])]
    nodes = [dq("xf", "x", "x_s", "x_z"), dq("wf", "wq", "w_s", "w_z", 0),
             dq("bf", "bq", "b_s", "b_z", 0),
             node("Conv", ["xf", "wf", "bf"], ["yf"], "conv", [attr_ints("pads", [1, 1, 1, 1])]),
             node("QuantizeLinear", ["yf", "y_s", "y_z"], ["y"], "q_y")]
    return (nodes, inits, [("x", U8, [1, 2, 6, 6])], [("y", U8, [1, m, 6, 6])])


def qdq_matmul(rng):
    inits = [init("bq", I8, [8, 5], rand(rng, I8, 40)), init("b_s", F32, [], [0.013]),
             init("b_z", I8, [], [0]), init("a_s", F32, [], [0.021]), init("a_z", U8, [], [120]),
             init("y_s", F32, [], [0.07]), init("y_z", U8, [], [128])]
    nodes = [dq("af", "a", "a_s", "a_z"), dq("bf", "bq", "b_s", "b_z"),
             node("MatMul", ["af", "bf"], ["yf"], "mm"),
             node("QuantizeLinear", ["yf", "y_s", "y_z"], ["y"], "q_y")]
    return (nodes, inits, [("a", U8, [3, 8])], [("y", U8, [3, 5])])


def qdq_add_relu():
    """DequantizeLinear -> Add -> QuantizeLinear (a residual add) and
    DequantizeLinear -> Relu -> QuantizeLinear to int8, on every pair of
    uint8 values (main writes a's rows 0..255 and b's columns 0..255)."""
    inits = [init("a_s", F32, [], [0.0213]), init("a_z", U8, [], [121]),
             init("b_s", F32, [], [0.0371]), init("b_z", U8, [], [130]),
             init("y_s", F32, [], [0.0457]), init("y_z", U8, [], [117]),
             init("r_s", F32, [], [0.0119]), init("r_z", I8, [], [-100])]
    nodes = [dq("af", "a", "a_s", "a_z"), dq("bf", "b", "b_s", "b_z"),
             node("Add", ["af", "bf"], ["sf"], "residual"),
             node("QuantizeLinear", ["sf", "y_s", "y_z"], ["y"], "q_y"),
             node("Relu", ["af"], ["rf"], "relu"),
             node("QuantizeLinear", ["rf", "r_s", "r_z"], ["r"], "q_r")]
    return (nodes, inits, [("a", U8, [256, 256]), ("b", U8, [256, 256])],
            [("y", U8, [256, 256]), ("r", I8, [256, 256])])


def main():
    out = sys.argv[1]
    rng = random.Random(27)
    for name, (nodes, inits, ins, outs) in networks(rng).items():
        d = os.path.join(out, name)
        os.makedirs(d, exist_ok=True)
        m = model(nodes, [value_info(n, e, s) for n, e, s in ins],
                  [value_info(n, e, s) for n, e, s in outs], inits, opset=14)
        with open(os.path.join(d, "model.onnx"), "wb") as f:
            f.write(m)
        for n, e, s in ins:
            size = 1
            for v in s:
                size *= v
            vals = rand(rng, e, size)
            if name == "layout" and n == "y":  # a divisor: no zero
                vals = [v or 1 for v in vals]
            if name == "qdq_add_relu":  # every pair: a's rows, b's columns
                vals = [i if n == "a" else j for i in range(256) for j in range(256)]
            write_npy(os.path.join(d, n + ".npy"), e, s, vals)


if __name__ == "__main__":
    main()
