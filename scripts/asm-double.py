#!/usr/bin/env python3
"""Writes an assembly file twice as large as a real one, for measuring how an
assembler's time and memory grow with its input: the file, then the file
again with every symbol it defines renamed (`name` -> `name__2`), so that
the second copy defines its own symbols (numeric labels such as `1:` stay:
they may be defined again). Both copies reference the same undefined
symbols. Strings and comments are renamed alike; the copy's numbered
`.file N` lines are left out (the first copy's give the same files their
numbers, and a number cannot be given twice). Both assemblers see the same
input, which llvm-mc-19 must accept.

    python3 scripts/asm-double.py IN.s OUT.s
"""
import re
import sys

IDENT = re.compile(rb'[A-Za-z_.$][A-Za-z0-9_.$@]*')
LABEL = re.compile(rb'^\s*([A-Za-z_.$][A-Za-z0-9_.$]*):', re.M)
FILE_N = re.compile(rb'^\s*\.file\s+\d+\s.*\n', re.M)
DEFINING = re.compile(
    rb'^\s*\.(?:set|equ|equiv|comm|lcomm|weakref)\s+([A-Za-z_.$][A-Za-z0-9_.$]*)', re.M)


def main():
    src, dst = sys.argv[1], sys.argv[2]
    text = open(src, 'rb').read()
    defined = set(LABEL.findall(text)) | set(DEFINING.findall(text))
    # Section names (`.text`, `.debug_info`) are not symbols unless defined.
    def rename(m):
        tok = m.group(0)
        base, at, variant = tok.partition(b'@')
        if base in defined:
            return base + b'__2' + at + variant
        return tok
    second = IDENT.sub(rename, FILE_N.sub(b'', text))
    with open(dst, 'wb') as out:
        out.write(text)
        if not text.endswith(b'\n'):
            out.write(b'\n')
        out.write(second)
    print(f'{dst}: {len(text)} + {len(second)} bytes, {len(defined)} symbols renamed')


if __name__ == '__main__':
    main()
