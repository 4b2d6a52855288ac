#!/usr/bin/env python3
# examples/make_data.py: writes the .npy data files that the example
# programs read with const NAME : T[...] = file("...").
#
# Pure Python (no numpy) and deterministic: running it twice gives the same
# bytes.  Usage, from anywhere:
#     python3 examples/make_data.py           # (re)write the files
#     python3 examples/make_data.py --check   # exit 1 if a file differs
#
# Files:
#   camera_gamma.npy   u8[256]          round(255 * (i/255)^(1/2.2))
#   resnet_w.npy       i8[8][16][3][3]  pseudo-random in [-8, 7]
#   mobilenet_dw.npy   i8[16][3][3]     pseudo-random in [-8, 7]
#   mobilenet_pw.npy   i8[8][16]        pseudo-random in [-8, 7]
import math
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def npy_bytes(descr, shape, values):
    """The bytes of a NumPy .npy v1.0 file of 1-byte integers, C order."""
    count = 1
    for e in shape:
        count *= e
    assert len(values) == count, (len(values), shape)
    dims = ", ".join(str(e) for e in shape)
    if len(shape) == 1:
        dims += ","
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
        descr, dims)
    # magic (6) + version (2) + header length (2) + header, padded with
    # spaces so that the total is a multiple of 64, ending with '\n'.
    pad = 64 - (10 + len(header) + 1) % 64
    if pad == 64:
        pad = 0
    header = header + " " * pad + "\n"
    out = b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header))
    out += header.encode("latin1")
    fmt = {"|u1": "B", "|i1": "b"}[descr]
    out += struct.pack("<%d%s" % (count, fmt), *values)
    assert (10 + len(header)) % 64 == 0
    return out


class Lcg:
    """64-bit linear congruential generator (Knuth's MMIX constants)."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFFFFFFFFFF

    def next32(self):
        self.state = (self.state * 6364136223846793005
                      + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        return self.state >> 32

    def small(self):
        """A value in [-8, 7] from the high bits."""
        return (self.next32() >> 28) - 8


def gamma_table():
    # floor(v + 0.5) rather than round(): no banker's rounding on ties.
    return [int(math.floor(255.0 * (i / 255.0) ** (1.0 / 2.2) + 0.5))
            for i in range(256)]


def weights(seed, count):
    rng = Lcg(seed)
    return [rng.small() for _ in range(count)]


def all_files():
    return {
        "camera_gamma.npy": npy_bytes("|u1", (256,), gamma_table()),
        "resnet_w.npy": npy_bytes("|i1", (8, 16, 3, 3),
                                  weights(20220101, 8 * 16 * 3 * 3)),
        "mobilenet_dw.npy": npy_bytes("|i1", (16, 3, 3),
                                      weights(20220102, 16 * 3 * 3)),
        "mobilenet_pw.npy": npy_bytes("|i1", (8, 16),
                                      weights(20220103, 8 * 16)),
    }


def main(argv):
    check = "--check" in argv[1:]
    stale = 0
    for name, data in sorted(all_files().items()):
        path = os.path.join(HERE, name)
        if check:
            try:
                with open(path, "rb") as f:
                    same = f.read() == data
            except OSError:
                same = False
            if not same:
                print("make_data.py: %s is out of date" % name)
                stale += 1
        else:
            with open(path, "wb") as f:
                f.write(data)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
