#!/usr/bin/env python3
# tests/check_function_length.py: no function of the core is longer than
# 60 lines (issue 23's bar; ../shared/STYLE.md: a function does one thing).
#
#   check_function_length.py SOURCE_DIR [LIMIT]
#
# A function is what the core's style writes: its body opens with a "{"
# alone on a line at column 0 and closes with the next "}" alone on a line
# at column 0; its length is those lines and every line between.  Every .c
# file of a module (a folder of SOURCE_DIR with a CMakeLists.txt, tests/
# aside) is read.  Prints each function over the limit as FILE:LINE: NAME
# (N lines) and exits 1 when there is one, 0 when there is none.
import os
import sys


def functions(path):
    """(line of the "{", length, the signature's first line) of each body."""
    lines = open(path, encoding='utf-8').read().split('\n')
    i = 0
    while i < len(lines):
        if lines[i] == '{':
            j = i - 1	# the signature: back over its continuation lines
            while j > 0 and lines[j - 1].strip() and lines[j - 1][0] in ' \t' \
                    and not lines[j - 1].rstrip().endswith((';', '*/', '}')):
                j -= 1
            if j > 0 and lines[j][:1] in (' ', '\t'):
                j -= 1	# the line at column 0 that the continuations follow
            k = i + 1
            while k < len(lines) and lines[k] != '}':
                k += 1
            yield i + 1, k - i + 1, lines[max(j, 0)].strip()
            i = k
        i += 1


def main():
    if len(sys.argv) not in (2, 3):
        print('usage: check_function_length.py SOURCE_DIR [LIMIT]', file=sys.stderr)
        return 2
    top = sys.argv[1]
    limit = int(sys.argv[2]) if len(sys.argv) == 3 else 60
    bad = 0
    n = 0
    for mod in sorted(os.listdir(top)):
        d = os.path.join(top, mod)
        if mod == 'tests' or not os.path.isfile(os.path.join(d, 'CMakeLists.txt')):
            continue
        for root, _, files in sorted(os.walk(d)):
            for f in sorted(files):
                if not f.endswith('.c'):
                    continue
                p = os.path.join(root, f)
                for line, length, name in functions(p):
                    n += 1
                    if length > limit:
                        print('%s:%d: %s (%d lines, more than %d)' %
                              (os.path.relpath(p, top), line, name, length, limit))
                        bad += 1
    print('%d functions, %d longer than %d lines' % (n, bad, limit))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
