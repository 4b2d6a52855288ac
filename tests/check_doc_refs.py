#!/usr/bin/env python3
# tests/check_doc_refs.py: every reference to a section of the docs names
# one that exists (issue 23: the docs were split and moved; a comment, a
# message or a test that names a section must follow).
#
#   check_doc_refs.py SOURCE_DIR
#
# Two forms are checked in every tracked text file (git ls-files; the
# sources, scripts, CMake files, boards and the Markdown itself):
#   - an anchor, <file>.md#slug (flow/options.c gives each option rule one):
#     <file> must exist and have a heading whose GitHub slug is "slug";
#   - a quoted section, <file>.md "Section", <file>.md, "Section",
#     [text](<file>.md), "Section" or <file>.md's "Section", also across a
#     line break inside a comment: <file> must have a heading "Section" (or
#     one that begins "Section (" or "Section: "), or a paragraph or list
#     item that opens with **Section** in bold.
# <file> is taken as written (docs/pub.md, boards/README.md); a bare name
# (pub.md) is looked up beside the referring file when that is in docs/,
# else in docs/.  A bare README.md is ambiguous and skipped.  Prints each
# broken reference as FILE:LINE: what it names, and exits 1 when there is
# one, 0 when there is none.
import os
import re
import subprocess
import sys

TEXT = re.compile(r'\.(c|h|cpp|hpp|sh|py|md|cmake|v|board|sl|txt)$|(^|/)(Makefile|CMakeLists\.txt)$')
# A quoted section after a file name; group 1 the file, group 2 the section.
QUOTED = re.compile(r'((?:[\w.-]+/)*[\w-]+\.md)(?:\]\([^)]*\))?(?:\'s)?,?\s+"([^"]{1,80})"')
ANCHOR = re.compile(r'((?:[\w.-]+/)*[\w-]+\.md)#([\w-]+)')
# What opens a comment or string line: C, C++, shell, Python, Verilog.
LEADER = re.compile(r'^(?:\s|/\*+|\*+/?|//+|#+(?=\s)|")*')


def norm(title):
    """A section title as compared: no Markdown marks, no final stop."""
    return re.sub(r'[`*_]', '', title).strip().rstrip('.:').strip().lower()


def slug(title):
    """GitHub's anchor for a heading."""
    t = re.sub(r'[^\w\- ]', '', title.strip().lower())
    return t.replace(' ', '-')


class Doc:
    def __init__(self, path):
        text = open(path, encoding='utf-8').read()
        heads = re.findall(r'^#+\s+(.*?)\s*$', text, re.M)
        self.slugs = {slug(h) for h in heads}
        self.titles = {norm(h) for h in heads}
        for m in re.finditer(r'(?:^|\n\n|\n- )\*\*([^*]+?)\*\*', text):
            self.titles.add(norm(m.group(1)))

    def has(self, section):
        n = norm(section)
        return any(t == n or t.startswith(n + ' (') or t.startswith(n + ': ')
                   for t in self.titles)


def target(root, referrer, name):
    """The path of the doc "name" refers to, or None when ambiguous."""
    if '/' in name:
        return name
    if name == 'README.md':
        return None
    if referrer.startswith('docs/'):
        return os.path.join(os.path.dirname(referrer), name)
    return 'docs/' + name


def joined(text):
    """The file's lines without comment leaders, joined by spaces, and the
    offset each line starts at (so a reference may cross a line break)."""
    out, starts = [], []
    pos = 0
    for line in text.split('\n'):
        line = line.replace('\\"', '"').replace('\\n', '')
        line = LEADER.sub('', line).rstrip().rstrip('"').rstrip()
        starts.append(pos)
        out.append(line)
        pos += len(line) + 1
    return ' '.join(out), starts


def main():
    if len(sys.argv) != 2:
        print('usage: check_doc_refs.py SOURCE_DIR', file=sys.stderr)
        return 2
    root = sys.argv[1]
    files = subprocess.run(['git', 'ls-files'], cwd=root, capture_output=True,
                           text=True, check=True).stdout.split('\n')
    docs, bad = {}, 0

    def doc(path):
        if path not in docs:
            full = os.path.join(root, path)
            docs[path] = Doc(full) if os.path.isfile(full) else None
        return docs[path]

    for f in files:
        if not TEXT.search(f) or not os.path.isfile(os.path.join(root, f)):
            continue
        try:
            text = open(os.path.join(root, f), encoding='utf-8').read()
        except UnicodeDecodeError:
            continue
        flat, starts = joined(text)
        for pattern, kind in ((ANCHOR, 'anchor'), (QUOTED, 'section')):
            for m in pattern.finditer(flat):
                path = target(root, f, m.group(1))
                if path is None:
                    continue
                line = sum(1 for s in starts if s <= m.start())
                d = doc(path)
                if d is None:
                    print('%s:%d: %s: no file %s' % (f, line, m.group(0), path))
                    bad += 1
                elif kind == 'anchor' and m.group(2) not in d.slugs:
                    print('%s:%d: %s: no heading with that anchor in %s'
                          % (f, line, m.group(0), path))
                    bad += 1
                elif kind == 'section' and not d.has(m.group(2)):
                    print('%s:%d: %s "%s": no such section' % (f, line, path, m.group(2)))
                    bad += 1
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
