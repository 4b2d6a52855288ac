#!/usr/bin/env python3
"""tests/bad/make_fixtures.py: the small, deliberately bad .npy files that
the npy_*.sl programs of tests/bad read with const file(...).  Written by
hand (no numpy), NPY format version 1.0.  Run from anywhere; writes
tests/bad/data/.  With --check, only verifies that the files on disk are
what this script would write."""
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data")


def npy(descr, shape, payload, fortran=False):
    """A version 1.0 .npy file: magic, header padded to 64 bytes, data."""
    shape_s = "(" + "".join("%d, " % s for s in shape).rstrip(" ")
    if len(shape) != 1:
        shape_s = shape_s.rstrip(",")
    shape_s += ")"
    header = "{'descr': '%s', 'fortran_order': %s, 'shape': %s, }" % (
        descr, "True" if fortran else "False", shape_s)
    total = 10 + len(header) + 1
    header += " " * ((64 - total % 64) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + \
        header.encode("latin1") + payload


FIXTURES = {
    # a valid u8 array, but [2][2] where [4] is declared
    "u8_2x2.npy": npy("|u1", (2, 2), bytes([1, 2, 3, 4])),
    # u16 values 1, 2, 256, 4: 256 does not fit u8
    "u16_256.npy": npy("<u2", (4,), struct.pack("<4H", 1, 2, 256, 4)),
    # i8 values 1, -1, 3, 4: -1 does not fit u8
    "i8_minus1.npy": npy("|i1", (4,), struct.pack("<4b", 1, -1, 3, 4)),
    # float32 values 1.0 .. 4.0
    "f4.npy": npy("<f4", (4,), struct.pack("<4f", 1.0, 2.0, 3.0, 4.0)),
    # header says 4 u8 values, only 2 bytes follow
    "truncated.npy": npy("|u1", (4,), bytes([1, 2])),
    # plain text with a .npy name
    "not_npy.npy": b"1 2 3 4\n",
    # a valid shape and dtype, but Fortran order
    "fortran.npy": npy("|u1", (2, 2), bytes([1, 3, 2, 4]), fortran=True),
}


def main():
    check = "--check" in sys.argv[1:]
    os.makedirs(DATA, exist_ok=True)
    bad = 0
    for name, data in sorted(FIXTURES.items()):
        path = os.path.join(DATA, name)
        if check:
            with open(path, "rb") as f:
                if f.read() != data:
                    print("%s differs from make_fixtures.py" % path)
                    bad = 1
        else:
            with open(path, "wb") as f:
                f.write(data)
    return bad


if __name__ == "__main__":
    sys.exit(main())
