#!/usr/bin/env python3
"""Write the demo test chart: a grey PGM with a zone plate, bars, a ramp
and a few sharp edges, so blurs and edge detectors show something.

    python3 scripts/make_chart.py examples/data/chart64.pgm 64
"""
import math
import sys


def chart(n):
    img = []
    for y in range(n):
        row = []
        for x in range(n):
            if y < n // 2 and x < n // 2:        # zone plate
                cx, cy = x - n / 4, y - n / 4
                v = 128 + 127 * math.cos(math.pi * (cx * cx + cy * cy) / (n / 2))
            elif y < n // 2:                     # vertical bars, widening
                w = 1 + (x - n // 2) // (n // 8)
                v = 230 if (x // w) % 2 else 25
            elif x < n // 2:                     # horizontal ramp
                v = 255 * x / (n // 2 - 1)
            else:                                # a bright disc on dark
                cx, cy = x - 3 * n / 4, y - 3 * n / 4
                v = 220 if cx * cx + cy * cy < (n / 6) ** 2 else 40
            row.append(max(0, min(255, int(round(v)))))
        img.append(row)
    return img


def main():
    path, n = sys.argv[1], int(sys.argv[2])
    img = chart(n)
    with open(path, "wb") as f:
        f.write(b"P5\n%d %d\n255\n" % (n, n))
        f.write(bytes(v for row in img for v in row))


if __name__ == "__main__":
    main()
