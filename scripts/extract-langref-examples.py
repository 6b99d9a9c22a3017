#!/usr/bin/env python3
"""Extracts the IR examples of seed 004 (a translation of the LLVM language
reference) into `;--- name` modules for the hand-written differential suite.

Usage: scripts/extract-langref-examples.py SEED.txt OUT.ll

The seed's examples are unfenced paragraphs. A paragraph is taken as IR when
every line looks like IR (comments, globals, types, metadata, definitions,
indented instructions, labels) and none holds a grammar placeholder
(`<Name>`, `[Linkage]`, `...`). Paragraphs that are whole modules are kept as
they are; runs of instructions are wrapped the way a reader would try them:
into `define void @example(...)`, each local the fragment uses but does not
define becoming a parameter of the type written before its first use, with
`ret void` appended when the fragment does not end in a terminator.
"""
import re
import sys

TOP = re.compile(r'^(;|@|%[-\w.$"]+ = type|\$|!|define\b|declare\b|}|attributes\b|target\b|'
                 r'source_filename\b|module asm\b|uselistorder)')
INST = re.compile(r'^\s*(%[-\w.$"]+ = )?(call|tail call|musttail call|notail call|ret|br|switch|'
                  r'indirectbr|invoke|callbr|resume|unreachable|add|sub|mul|udiv|sdiv|urem|srem|fadd|'
                  r'fsub|fmul|fdiv|frem|fneg|shl|lshr|ashr|and|or|xor|extractelement|insertelement|'
                  r'shufflevector|extractvalue|insertvalue|alloca|load|store|fence|cmpxchg|atomicrmw|'
                  r'getelementptr|trunc|zext|sext|fptrunc|fpext|fptoui|fptosi|uitofp|sitofp|ptrtoint|'
                  r'inttoptr|bitcast|addrspacecast|icmp|fcmp|phi|select|freeze|va_arg|landingpad|'
                  r'catchpad|cleanuppad|catchswitch|catchret|cleanupret)\b')
LABEL = re.compile(r'^[-\w.$]+:(\s*;.*)?$')
PLACEHOLDER = re.compile(r'<[A-Za-z][\w ]*>|\[[A-Z][\w ]*\]|\.\.\.\s*}|\|\||::=|\[[a-z ]+\]')
ELIDED_BODY = re.compile(r'\{ \.\.\. \}')
TERMINATORS = ('ret', 'br', 'switch', 'indirectbr', 'invoke', 'callbr', 'resume', 'unreachable',
               'catchswitch', 'catchret', 'cleanupret')
TYPE_BEFORE = re.compile(r'((?:i\d+|ptr(?: addrspace\(\d+\))?|half|bfloat|float|double|fp128|x86_fp80|'
                         r'<\d+ x [^>]+>|\[\d+ x [^\]]+\]|[\w.]+\*|label|token|metadata))\s+(%[-\w.$]+)')


def paragraphs(text):
    cur = []
    for line in text.split('\n'):
        if line.strip() == '':
            if cur:
                yield cur
            cur = []
        else:
            cur.append(line)
    if cur:
        yield cur


def is_ir_line(line):
    s = line.rstrip()
    return bool(TOP.match(s) or INST.match(s) or LABEL.match(s.strip()) or
                (s.startswith('  ') and not re.search(r'[\u4e00-\u9fff]', s)))


def wrap(lines):
    body = '\n'.join(lines)
    defined = set(re.findall(r'^\s*(%[-\w.$]+)\s*=', body, re.M))
    labels = set('%' + m for m in re.findall(r'^\s*([-\w.$]+):', body, re.M))
    params, seen = [], set()
    for ty, name in TYPE_BEFORE.findall(body):
        if name in defined or name in labels or name in seen:
            continue
        seen.add(name)
        params.append(f'{ty} {name}')
    used = set(re.findall(r'%[-\w.$]+', body)) - defined - labels - seen
    if used:
        return None  # a local whose type the text does not say
    last = [l for l in lines if l.strip() and not l.strip().startswith(';')][-1].strip()
    last = re.sub(r'^%[-\w.$]+ = ', '', last)
    tail = '' if last.split()[0] in TERMINATORS else '  ret void\n'
    insts = ''.join('  ' + l.strip() + '\n' for l in lines)
    return f'define void @example({", ".join(params)}) {{\n{insts}{tail}}}\n'


def candidates(para):
    """The paragraph without the prose lines around it (a heading often
    follows an example without a blank line); a run of one-line
    definitions with elided bodies (`{ ... }`, which a reader fills with
    `ret void`) becomes one module per line."""
    while para and not is_ir_line(para[0]):
        para = para[1:]
    while para and not is_ir_line(para[-1]):
        para = para[:-1]
    if not para:
        return []
    para = [ELIDED_BODY.sub('{\n  ret void\n}', l) for l in para]
    defs = [l for l in para if l.startswith('define ')]
    if len(defs) > 1 and all(l.startswith(('define ', ';')) for l in para):
        return [[l] for l in defs]
    return [para]


def main():
    text = open(sys.argv[1], encoding='utf-8').read()
    out = []
    for n, whole in enumerate(paragraphs(text)):
        for k, para in enumerate(candidates(whole)):
            if not all(is_ir_line(l) for l in para):
                continue
            joined = '\n'.join(para)
            if PLACEHOLDER.search(joined) or re.search(r'[\u4e00-\u9fff]', joined):
                continue
            if not re.search(r'=|\bdefine\b|\bdeclare\b|^\s*(call|store|ret|br)\b', joined, re.M):
                continue
            if any(TOP.match(l) and not l.startswith(';') for l in para):
                module = joined + '\n'
            else:
                module = wrap(para)
                if module is None:
                    continue
            out.append(f';--- langref-{n}-{k}\n{module}')
    with open(sys.argv[2], 'w', encoding='utf-8') as f:
        f.write('; Generated by scripts/extract-langref-examples.py from\n')
        f.write('; ../shared/seeds/004_ef22638bb83db9c4.txt (the language reference in\n')
        f.write('; translation); do not edit, rerun the script.\n')
        f.writelines(out)
    print(f'{len(out)} modules', file=sys.stderr)


if __name__ == '__main__':
    main()
