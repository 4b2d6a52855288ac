#!/usr/bin/env python3
# tests/fuzz/cover_merge.py: pick a small corpus that keeps every edge.
# Usage: cover_merge.py CONTROL_FILE KEEP_DIR OUT_DIR [MAX]
# CONTROL_FILE comes from `FUZZER -merge=1 -merge_control_file=F ...`; it
# lists each input file and the coverage edges (COV lines) it reaches.
# Every file under KEEP_DIR (the named seeds) is kept; then files are
# added greedily, most new edges first, until every edge is covered (or
# MAX files), and copied to OUT_DIR named by their SHA-1.  libFuzzer's own
# -merge=1 keeps every file with a new feature (hit-count buckets too),
# several times more files than this.
import hashlib
import os
import shutil
import sys


def read_control(path):
    lines = open(path).read().split('\n')
    n = int(lines[0])
    files = lines[2:2 + n]
    cov = {}
    for line in lines[2 + n:]:
        parts = line.split()
        if parts and parts[0] == 'COV':
            cov[int(parts[1])] = set(int(e) for e in parts[2:])
    return files, cov


def main(argv):
    control, keep, out = argv[1], argv[2], argv[3]
    limit = int(argv[4]) if len(argv) > 4 else 10 ** 9
    files, cov = read_control(control)
    keep = os.path.abspath(keep)
    chosen = [i for i, f in enumerate(files)
              if os.path.abspath(f).startswith(keep + os.sep)]
    seen = set()
    for i in chosen:
        seen |= cov.get(i, set())
    todo = {i: c - seen for i, c in cov.items() if i not in chosen and c - seen}
    while todo and len(chosen) < limit:
        best = max(todo, key=lambda i: (len(todo[i]), -os.path.getsize(files[i])))
        chosen.append(best)
        seen |= todo.pop(best)
        todo = {i: c - seen for i, c in todo.items() if c - seen}
    os.makedirs(out, exist_ok=True)
    added = 0
    for i in chosen:
        if os.path.abspath(files[i]).startswith(keep + os.sep):
            continue
        data = open(files[i], 'rb').read()
        shutil.copy(files[i], os.path.join(out, hashlib.sha1(data).hexdigest()))
        added += 1
    print('%d files, %d kept, %d added, %d edges, %d left uncovered'
          % (len(files), len(chosen) - added, added, len(seen),
             len(set().union(*cov.values()) - seen) if cov else 0))


if __name__ == '__main__':
    main(sys.argv)
