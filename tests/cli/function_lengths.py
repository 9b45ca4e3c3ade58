#!/usr/bin/env python3
"""Functions longer than a limit in C++ files (issue 31: none in cli/ over 60 lines).

  function_lengths.py [--max 60] FILE_OR_FOLDER...

Prints FILE:LINE: N lines: HEAD for every function whose body (from the line
of its opening brace to the line of its closing one) is longer than --max
lines, and exits 1 if there is one. A function is a brace block at namespace
or class scope whose head (the text since the last ';', '{' or '}') has a
parameter list and is no namespace, class, enum or initializer; lambdas and
blocks inside a function count towards that function. Comments, strings and
character literals are blanked first, so their braces do not count.
"""
import os
import re
import sys

# Strings ("..." with escapes), characters, // and /* */ comments.
TOKENS = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|//[^\n]*|/\*.*?\*/', re.S)


def blank(src):
    """The source with comments and literals replaced by spaces (newlines kept)."""
    return TOKENS.sub(lambda m: re.sub(r'[^\n]', ' ', m.group(0)), src)


def kind_of(head):
    h = ' '.join(head.split())
    if re.match(r'^(inline\s+)?namespace\b', h) or h.startswith('extern'):
        return 'scope'
    if re.search(r'\b(class|struct|union)\b', h.split('(')[0]) and not h.endswith(')'):
        return 'scope'
    if re.search(r'\benum\b', h) or h.endswith('=') or not h or '(' not in h:
        return 'other'
    if re.match(r'^(if|for|while|switch|catch|do|else)\b', h):
        return 'other'
    return 'function'


def long_functions(path, limit):
    src = blank(open(path, encoding='utf-8').read())
    found = []
    stack = []  # (kind, line of '{', head)
    head_start = 0
    line = 1
    for i, ch in enumerate(src):
        if ch == '\n':
            line += 1
        elif ch == '{':
            inside = any(k == 'function' for k, _, _ in stack)
            head = src[head_start:i]
            stack.append(('block' if inside else kind_of(head), line, ' '.join(head.split())))
            head_start = i + 1
        elif ch == '}':
            if stack:
                kind, start, head = stack.pop()
                if kind == 'function' and line - start + 1 > limit:
                    found.append((start, line - start + 1, head))
            head_start = i + 1
        elif ch == ';':
            head_start = i + 1
    return found


def main(argv):
    limit = 60
    if len(argv) > 2 and argv[1] == '--max':
        limit = int(argv[2])
        argv = argv[2:]
    files = []
    for arg in argv[1:]:
        if os.path.isdir(arg):
            for root, _, names in os.walk(arg):
                files += [os.path.join(root, n) for n in sorted(names) if n.endswith(('.cpp', '.h'))]
        else:
            files.append(arg)
    bad = 0
    for path in sorted(files):
        for start, length, head in long_functions(path, limit):
            print(f'{path}:{start}: {length} lines: {head[:100]}')
            bad += 1
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
