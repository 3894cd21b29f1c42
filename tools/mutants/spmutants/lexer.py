"""Just enough C++ lexing to place mutants: tokens outside comments, string
literals and preprocessor lines, with the angle brackets of template
argument lists told apart from comparisons (a heuristic: what the compiler
rejects is dropped by the schema build, schema.py)."""
from __future__ import annotations

import dataclasses
import re

# Longest first: the lexer takes the first that matches.
PUNCTUATORS = sorted("""
>>= <<= <=> ... ->* :: -> ++ -- << >> <= >= == != && || += -= *= /= %= &= |= ^= .* ##
{ } [ ] ( ) ; : ? , . + - * / % ^ & | ~ ! = < > #
""".split(), key=len, reverse=True)

KEYWORDS = frozenset("""
alignas alignof asm auto bool break case catch char char8_t char16_t char32_t class concept const consteval
constexpr constinit const_cast continue co_await co_return co_yield decltype default delete do double
dynamic_cast else enum explicit export extern false float for friend goto if inline int long mutable namespace
new noexcept nullptr operator private protected public register reinterpret_cast requires return short signed
sizeof static static_assert static_cast struct switch template this thread_local throw true try typedef typeid
typename union unsigned using virtual void volatile wchar_t while
""".split())

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
NUMBER = re.compile(r"\.?[0-9](?:[eEpP][+-]|'?[0-9A-Za-z_.])*")
STRING_PREFIX = re.compile(r"(?:u8|u|U|L)?R?(?=[\"'])")
RAW_STRING = re.compile(r'R"([^()\\ ]{0,16})\(')


@dataclasses.dataclass
class Token:
    kind: str  # ident, number, string, punct
    text: str
    start: int  # offset in the file
    end: int
    line: int
    # For '<' and '>' (and '>>' closing two lists): the index of the bracket
    # it pairs with when it is a template argument list's, else None.
    match: int | None = None

    @property
    def template(self) -> bool:
        return self.match is not None


def tokenize(text: str) -> list[Token]:
    tokens: list[Token] = []
    i, n, line = 0, len(text), 1
    line_start = True  # only whitespace since the last newline: a '#' starts a directive
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
            line_start = True
            continue
        if c in " \t\r\f\v":
            i += 1
            continue
        if c == "\\" and text.startswith("\n", i + 1):
            i += 2
            line += 1
            continue
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            line += text.count("\n", i, j)
            i = j
            continue
        if c == "#" and line_start:
            # A directive runs to the first newline no backslash continues.
            j = i
            while True:
                k = text.find("\n", j)
                if k < 0:
                    j = n
                    break
                if text[k - 1] == "\\":
                    j = k + 1
                    continue
                j = k
                break
            line += text.count("\n", i, j)
            i = j
            continue
        line_start = False
        prefix = STRING_PREFIX.match(text, i)
        m = RAW_STRING.match(text, prefix.end() - 1) if prefix and text[i:prefix.end()].endswith("R") else None
        if m:
            close = ")" + m.group(1) + '"'
            j = text.find(close, m.end())
            j = n if j < 0 else j + len(close)
            tokens.append(Token("string", text[i:j], i, j, line))
            line += text.count("\n", i, j)
            i = j
            continue
        if prefix and prefix.end() < n and text[prefix.end()] in "\"'":
            quote = text[prefix.end()]
            j = prefix.end() + 1
            while j < n and text[j] != quote:
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            tokens.append(Token("string", text[i:j], i, j, line))
            i = j
            continue
        m = IDENT.match(text, i)
        if m:
            tokens.append(Token("ident", m.group(), i, m.end(), line))
            i = m.end()
            continue
        m = NUMBER.match(text, i)
        if m:
            tokens.append(Token("number", m.group(), i, m.end(), line))
            i = m.end()
            continue
        for p in PUNCTUATORS:
            if text.startswith(p, i):
                tokens.append(Token("punct", p, i, i + len(p), line))
                i += len(p)
                break
        else:
            tokens.append(Token("punct", c, i, i + 1, line))
            i += 1
    mark_templates(tokens)
    return tokens


# What may follow the '>' closing a template argument list.
AFTER_TEMPLATE = frozenset("( ) :: { } , ; > >> & && * ... [ ] = . ->".split())
# What cannot sit inside a template argument list outside parentheses.
NOT_IN_TEMPLATE = frozenset("; { } && || ? = += -= return".split())
MAX_TEMPLATE_TOKENS = 64


def closes(t: Token) -> int:
    """How many angle brackets t closes when it ends template lists."""
    return {">": 1, ">>": 2}.get(t.text, 0) if t.kind == "punct" else 0


def mark_templates(tokens: list[Token]) -> None:
    """Pairs each '<' that opens a template argument list with its '>':
    after `template`, a cast or any identifier, when a closing bracket comes
    before anything a list cannot hold and is followed by what may follow
    one. Everything else is a comparison or a shift."""
    for i, t in enumerate(tokens):
        if t.text != "<" or t.kind != "punct" or t.match is not None or i == 0:
            continue
        prev = tokens[i - 1]
        if prev.text == "operator" or (tokens[i - 2].text == "operator" if i > 1 else False):
            continue
        always = prev.text == "template"
        if not always and (prev.kind != "ident" or (prev.text in KEYWORDS and not prev.text.endswith("_cast"))):
            continue
        close = find_close(tokens, i, always)
        if close is not None:
            t.match = close
            tokens[close].match = i


def find_close(tokens: list[Token], open_index: int, always: bool) -> int | None:
    depth, parens = 1, 0
    for j in range(open_index + 1, min(len(tokens), open_index + MAX_TEMPLATE_TOKENS)):
        t = tokens[j]
        if t.kind != "punct":
            continue
        if t.text in "([":
            parens += 1
        elif t.text in ")]":
            parens -= 1
            if parens < 0:
                return None
        elif parens == 0:
            if t.text in NOT_IN_TEMPLATE and not (always and t.text == "="):
                return None
            if t.text == "<" and tokens[j - 1].kind == "ident":
                depth += 1
            elif closes(t):
                depth -= closes(t)
                if depth <= 0:
                    after = tokens[j + 1] if j + 1 < len(tokens) else None
                    if always or depth == 0 and (after is None or after.kind == "ident" or after.text in AFTER_TEMPLATE):
                        return j
                    # '>>' closing this list and an outer one: the outer list's close too.
                    return j if depth < 0 else None
    return None
