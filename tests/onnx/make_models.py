#!/usr/bin/env python3
"""tests/onnx/make_models.py OUTDIR: small ONNX models for tests/onnx/bad_models.sh
(and --same A.npy B.npy: exit 0 when both hold the same dtype, shape and values;
--channels last|first IN.npy OUT.npy: IN with its dimension 1 moved last, or its
last dimension moved to 1, when its rank is 3 or more: what sluice import
--channels-last takes and gives).

Written with a protobuf encoder of a few lines (Python's standard library
only; no onnx package): one good model (Relu(Add(x, W)) on int8 with an
initializer, and its expected output computed here in Python) and the bad
ones: a symbolic shape, external data, an opset out of range, an
unsupported op, a float input, an initializer past the memory limit, a
QDQ Relu whose scales are 10^6 apart, a truncated and a corrupt file.
"""
import os
import struct
import sys


def varint(n):
    n &= (1 << 64) - 1
    out = b""
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])


def fint(field, n):
    return varint(field << 3) + varint(n)


def fbytes(field, data):
    if isinstance(data, str):
        data = data.encode()
    return varint(field << 3 | 2) + varint(len(data)) + data


def value_info(name, elem, dims):
    shape = b"".join(fbytes(1, fbytes(2, d) if isinstance(d, str) else fint(1, d))
                     for d in dims)
    tensor_type = fint(1, elem) + fbytes(2, shape)
    return fbytes(1, name) + fbytes(2, fbytes(1, tensor_type))


def node(op, inputs, outputs, name):
    return (b"".join(fbytes(1, i) for i in inputs) + b"".join(fbytes(2, o) for o in outputs)
            + fbytes(3, name) + fbytes(4, op))


def tensor(name, elem, dims, raw=None, external=None):
    t = b"".join(fint(1, d) for d in dims) + fint(2, elem) + fbytes(8, name)
    if raw is not None:
        t += fbytes(9, raw)
    if external is not None:
        t += fbytes(13, fbytes(1, "location") + fbytes(2, external)) + fint(14, 1)
    return t


def model(nodes, inputs, outputs, inits=(), opset=13):
    g = b"".join(fbytes(1, n) for n in nodes) + fbytes(2, "g")
    g += b"".join(fbytes(5, t) for t in inits)
    g += b"".join(fbytes(11, v) for v in inputs) + b"".join(fbytes(12, v) for v in outputs)
    return fint(1, 8) + fbytes(8, fbytes(1, "") + fint(2, opset)) + fbytes(7, g)


INT8, FLOAT = 3, 1
W = [5, -7, 100, -128, 127, 3]
X = [1, 2, 30, -1, 127, -128]


def wrap8(v):
    return (v + 128) % 256 - 128


def npy(path):
    """The dtype, shape and data bytes of a .npy of version 1.0."""
    with open(path, "rb") as f:
        data = f.read()
    n = struct.unpack("<H", data[8:10])[0]
    header = eval(data[10:10 + n].decode(), {})  # a dict literal
    return header["descr"], tuple(header["shape"]), data[10 + n:]


def move_channels(src, dst, last):
    """Write src's elements in the order of the moved dimensions: element
    (i0, i1, ..., ik) of the result is element (i0, ik, i1, ...) of src (last),
    or (i0, i2, ..., ik, i1) (first)."""
    with open(src, "rb") as f:
        data = f.read()
    n = struct.unpack("<H", data[8:10])[0]
    header = eval(data[10:10 + n].decode(), {})
    shape, body = list(header["shape"]), data[10 + n:]
    size = int(header["descr"][2:])
    if len(shape) >= 3:
        perm = [0] + list(range(2, len(shape))) + [1] if last else \
            [0, len(shape) - 1] + list(range(1, len(shape) - 1))
        out_shape = [shape[p] for p in perm]
        strides = [1] * len(shape)
        for d in range(len(shape) - 2, -1, -1):
            strides[d] = strides[d + 1] * shape[d + 1]
        total = 1
        for e in shape:
            total *= e
        parts = []
        for flat in range(total):
            rest, src_off = flat, 0
            for j in range(len(out_shape) - 1, -1, -1):
                src_off += (rest % out_shape[j]) * strides[perm[j]]
                rest //= out_shape[j]
            parts.append(body[src_off * size:(src_off + 1) * size])
        body, shape = b"".join(parts), out_shape
    header["shape"] = tuple(shape)
    h = repr(header)
    h += " " * (63 - (len(h) + 10) % 64) + "\n"
    with open(dst, "wb") as f:
        f.write(data[:8] + struct.pack("<H", len(h)) + h.encode() + body)


def main():
    if sys.argv[1] == "--same":
        sys.exit(0 if npy(sys.argv[2]) == npy(sys.argv[3]) else 1)
    if sys.argv[1] == "--channels":
        move_channels(sys.argv[3], sys.argv[4], sys.argv[2] == "last")
        return
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    raw = struct.pack("6b", *W)
    add_relu = [node("Add", ["x", "W"], ["s"], "add"), node("Relu", ["s"], ["y"], "relu")]
    good = model(add_relu, [value_info("x", INT8, [2, 3])], [value_info("y", INT8, [2, 3])],
                 [tensor("W", INT8, [2, 3], raw=raw)])
    models = {
        "good": good,
        "symbolic": model(add_relu, [value_info("x", INT8, ["N", 3])],
                          [value_info("y", INT8, ["N", 3])], [tensor("W", INT8, [2, 3], raw=raw)]),
        "external": model(add_relu, [value_info("x", INT8, [2, 3])],
                          [value_info("y", INT8, [2, 3])],
                          [tensor("W", INT8, [2, 3], external="../w.bin")]),
        "opset": model(add_relu, [value_info("x", INT8, [2, 3])], [value_info("y", INT8, [2, 3])],
                       [tensor("W", INT8, [2, 3], raw=raw)], opset=99),
        "unsupported": model([node("Gather", ["x", "W"], ["y"], "gather_1")],
                             [value_info("x", INT8, [2, 3])], [value_info("y", INT8, [2, 3])],
                             [tensor("W", INT8, [2, 3], raw=raw)]),
        "float": model([node("Relu", ["x"], ["y"], "relu")], [value_info("x", FLOAT, [2, 3])],
                       [value_info("y", FLOAT, [2, 3])]),
        "huge": model(add_relu, [value_info("x", INT8, [2, 3])], [value_info("y", INT8, [2, 3])],
                      [tensor("W", INT8, [1 << 24, 1 << 24], raw=raw)]),
        "qdq_ratio": model([node("DequantizeLinear", ["x", "xs", "xz"], ["xf"], "dq"),
                            node("Relu", ["xf"], ["rf"], "relu"),
                            node("QuantizeLinear", ["rf", "ys", "yz"], ["y"], "q_y")],
                           [value_info("x", INT8, [2, 3])], [value_info("y", INT8, [2, 3])],
                           [tensor("xs", FLOAT, [], raw=struct.pack("<f", 1.0)),
                            tensor("xz", INT8, [], raw=b"\x00"),
                            tensor("ys", FLOAT, [], raw=struct.pack("<f", 1e-6)),
                            tensor("yz", INT8, [], raw=b"\x00")]),
        "truncated": good[: len(good) // 2],
        "corrupt": b"\xff" * 24,
    }
    for name, data in models.items():
        with open(os.path.join(out, name + ".onnx"), "wb") as f:
            f.write(data)
    # The good model's input and expected output, as .npy (int8, 2x3).
    y = [max(wrap8(a + b), 0) for a, b in zip(X, W)]
    for name, vals in (("x", X), ("y_expected", y)):
        header = "{'descr': '|i1', 'fortran_order': False, 'shape': (2, 3), }"
        header += " " * (63 - len(header)) + "\n"
        with open(os.path.join(out, name + ".npy"), "wb") as f:
            f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode()
                    + struct.pack("6b", *vals))


if __name__ == "__main__":
    main()
