"""Where random mutants may go, and what each would change (scripts/mutants
--random). A site is an expression inside a function body: a comparison,
a && or ||, the condition of an early return, an integer constant, or a
bound or offset (a name such as `offset`, `size()` or `kHeaderBytes`).
Each offers the mutations of its kind; the operands of an operator are
found by precedence, so the schema (schema.py) can put the mutated
expression beside the original one:

    (sp_mutant_on(ID) ? (mutated) : (original))

Constant contexts (static_assert, constexpr variables, template argument
lists, case labels, array bounds, enumerators) and code outside function
bodies hold no sites: a run-time switch cannot go there."""
from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path

from .lexer import KEYWORDS, Token, closes, tokenize

PRECEDENCE = {
    ",": 1, "=": 2, "+=": 2, "-=": 2, "*=": 2, "/=": 2, "%=": 2, "<<=": 2, ">>=": 2, "&=": 2, "^=": 2, "|=": 2,
    "?": 2, ":": 2, "||": 3, "&&": 4, "|": 5, "^": 6, "&": 7, "==": 8, "!=": 8,
    "<": 9, ">": 9, "<=": 9, ">=": 9, "<=>": 10, "<<": 11, ">>": 11, "+": 12, "-": 12, "*": 13, "/": 13, "%": 13,
}
# Tokens that are binary only after an operand; before one they are unary.
MAYBE_UNARY = frozenset("& * + - &&".split())
# Keywords that are (part of) an operand; every other keyword ends one.
OPERAND_KEYWORDS = frozenset("""this true false nullptr sizeof alignof static_cast reinterpret_cast const_cast
dynamic_cast typeid new delete noexcept""".split())
# The operand of these is never evaluated, or must be a constant.
UNEVALUATED = frozenset("sizeof alignof decltype noexcept alignas static_assert typeid requires".split())
DECLARATION_KEYWORDS = frozenset("constexpr consteval constinit using typedef template".split())
TYPE_KEYWORDS = frozenset("""auto bool char char8_t char16_t char32_t const double float int long short signed
unsigned void volatile wchar_t""".split())
FUNCTION_QUALIFIERS = frozenset("const noexcept override final mutable volatile & &&".split())

RELATIONAL = {"<": ("<=", ">="), "<=": ("<", ">"), ">": (">=", "<="), ">=": (">", "<"), "==": ("!=",), "!=": ("==",)}
LOGICAL = {"&&": "||", "||": "&&"}
# The words of a name that make it a bound or an offset (kPartHeaderSize,
# first_param_offset, data.size(), remaining()).
BOUND_WORDS = frozenset("""offset offsets off size sizes count len length end pos position bound bounds limit
remaining bytes words width stride index start depth bits capacity""".split())
INTEGER = re.compile(r"^(0[xX][0-9a-fA-F']+|0[bB][01']+|[0-9][0-9']*)([uUlLzZ]*)$")


@dataclasses.dataclass(frozen=True)
class Mutation:
    operator: str  # relational, swap, bound, guard, constant, logical
    original: str  # the site's expression, tokens joined by spaces
    mutated: str  # what replaces it when the mutant is on (C++ the schema compiles)
    shown: str  # the change as the report shows it
    # How the original stands beside it in the schema: a guard's condition
    # (an optional, a pointer) is made a bool like the mutated one.
    original_code: str = "{}"

    def describe(self) -> str:
        return f"{self.original} -> {self.shown}"


@dataclasses.dataclass(frozen=True)
class Site:
    file: str  # relative to the repository
    start: int  # character span of the expression in the file
    end: int
    line: int
    context: str  # the site's source line, whitespace collapsed (its identity across edits)
    mutations: tuple[Mutation, ...]


def joined(tokens: list[Token], first: int, last: int) -> str:
    return " ".join(t.text for t in tokens[first:last + 1])


def words(name: str) -> list[str]:
    return [w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+", name)]


class Scanner:
    """One file's tokens, the pairs of its brackets, which tokens lie in a
    function body and outside every constant context, and the operand
    extents the mutations need."""

    def __init__(self, text: str, header: bool = False):
        self.text = text
        self.header = header  # a header's functions are called from other files too
        self.tokens = tokenize(text)
        self.pair = self._pairs()
        self.compile_time: set[str] = set()
        self.mutable = self._mutable()
        self.compile_time = self._compile_time_functions(self.mutable)
        if self.compile_time:
            self.mutable = self._mutable()

    def _pairs(self) -> dict[int, int]:
        pair, stack = {}, []
        for i, t in enumerate(self.tokens):
            if t.kind != "punct":
                continue
            if t.text in "([{":
                stack.append(i)
            elif t.text in ")]}" and stack:
                j = stack.pop()
                pair[i], pair[j] = j, i
        return pair

    def _compile_time_functions(self, run_time: list[bool]) -> set[str]:
        """Functions the compiler alone calls: those called to initialise a
        constexpr variable or in a static_assert (a table built at compile
        time) and in no function body (run_time) of the file. No mutant in
        their bodies could ever run. A header's are called from other files
        too."""
        toks = self.tokens
        if self.header:
            return set()
        constant = set()
        for i, t in enumerate(toks):
            if t.kind != "ident" or t.text not in ("constexpr", "static_assert"):
                continue
            end = self._statement_end(i)
            if t.text == "constexpr":
                first = next((k for k in self.outer_tokens(i, end) if toks[k].text in ("(", "=", "{")), end)
                if toks[first].text == "(":
                    continue  # a constexpr function's declaration
            constant.update(toks[k].text for k in range(i, end) if toks[k].kind == "ident" and toks[k + 1].text == "(")
        called = {toks[k].text for k in range(len(toks) - 1)
                  if run_time[k] and toks[k].kind == "ident" and toks[k + 1].text == "("}
        return constant - called

    # Code is what a function body holds. A '{' outside code opens a body
    # when a ')' (of the parameters, a member initialiser or a lambda), an
    # '->' return type or a function qualifier comes before it.
    def _opens_body(self, i: int, last_closed: str | None) -> bool:
        toks = self.tokens
        j = i - 1
        while j >= 0 and toks[j].text in FUNCTION_QUALIFIERS:
            j -= 1
        if j < 0:
            return False
        if toks[j].text == ")" and j in self.pair:
            name = toks[self.pair[j] - 1]
            return name.text not in self.compile_time
        if toks[j].text == "]":
            return True
        if toks[j].text == "}" and last_closed == "init":
            return True  # a member initialiser with braces: Foo() : x_{1} {
        for k in range(j, max(j - 24, -1), -1):
            if toks[k].text in (";", "{", "}", "="):
                return False
            if toks[k].text == "->":
                return k > 0 and toks[k - 1].text == ")"
        return False

    def _mutable(self) -> list[bool]:
        toks = self.tokens
        out = [False] * len(toks)
        stack: list[str] = []  # per open '{': code, init (braced initialiser), scope
        last_closed = None
        skip_until = -1  # the last token of a constant context
        for i, t in enumerate(toks):
            in_code = bool(stack) and stack[-1] == "code"
            if t.text == "{" and t.kind == "punct":
                if in_code:
                    kind = "code"
                elif self._opens_body(i, last_closed):
                    kind = "code"
                elif i > 0 and (toks[i - 1].text in ("=", ",", "(", "{") or toks[i - 1].kind == "ident"
                                and toks[i - 1].text not in KEYWORDS or toks[i - 1].template):
                    kind = "init"
                else:
                    kind = "scope"
                stack.append(kind)
                continue
            if t.text == "}" and t.kind == "punct":
                last_closed = stack.pop() if stack else None
                continue
            if not in_code or i <= skip_until:
                continue
            end = self._constant_context(i)
            if end is not None:
                skip_until = end
                continue
            out[i] = True
        return out

    def _constant_context(self, i: int) -> int | None:
        """The last token of the constant or unevaluated context starting at
        token i, if one does."""
        toks = self.tokens
        t = toks[i]
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if t.kind == "ident" and t.text in UNEVALUATED and nxt is not None and nxt.text == "(":
            return self.pair.get(i + 1, i)
        if t.kind == "ident" and t.text in DECLARATION_KEYWORDS | {"enum"}:
            return self._statement_end(i)
        if t.kind == "ident" and t.text == "case":
            for j in range(i + 1, len(toks)):
                if toks[j].text == ":":
                    return j
        if t.text == "if" and nxt is not None and nxt.text == "constexpr":
            return self.pair.get(i + 2, i + 1)
        if t.template and t.text == "<":
            return t.match
        if t.text == "[" and (nxt is not None and nxt.text == "[" or i > 0 and not self.operand_end(i - 1)):
            return self.pair.get(i, i)  # an attribute, or a lambda's captures
        if t.text == "[" and i >= 2 and toks[i - 1].kind == "ident" and (
                toks[i - 2].kind == "ident" and toks[i - 2].text not in KEYWORDS - TYPE_KEYWORDS
                or toks[i - 2].template or toks[i - 2].text in ("*", "&")):
            return self.pair.get(i, i)  # an array bound in a declaration
        if t.text == "operator":
            return i + 1
        return None

    def _statement_end(self, i: int) -> int:
        """The ';' ending the declaration at token i, or the '}' ending the
        body it opens (a constexpr function: its body may be evaluated at
        compile time, where no switch can go)."""
        toks = self.tokens
        j = i
        while j < len(toks):
            if toks[j].text in "([" and j in self.pair:
                j = self.pair[j]
            elif toks[j].text == "{" and j in self.pair:
                j = self.pair[j]
                if j + 1 >= len(toks) or toks[j + 1].text != ";":
                    return j
            elif toks[j].text == ";":
                return j
            j += 1
        return j

    # Operands.
    def operand_end(self, j: int) -> bool:
        """Whether token j can end an operand (so an operator after it is binary)."""
        t = self.tokens[j]
        if t.kind in ("number", "string"):
            return True
        if t.kind == "ident":
            return t.text not in KEYWORDS or t.text in ("this", "true", "false", "nullptr")
        return t.text in (")", "]", "++", "--") or (t.template and closes(t) > 0)

    def binary_precedence(self, j: int) -> int | None:
        t = self.tokens[j]
        if t.kind != "punct" or t.template or t.text not in PRECEDENCE:
            return None
        if t.text in MAYBE_UNARY and (j == 0 or not self.operand_end(j - 1)):
            return None
        return PRECEDENCE[t.text]

    def left_operand(self, i: int, prec: int) -> int | None:
        """The first token of the left operand of the binary operator at i."""
        toks = self.tokens
        j, start = i - 1, None
        while j >= 0:
            t = toks[j]
            if t.kind == "ident" and t.text in KEYWORDS and t.text not in OPERAND_KEYWORDS:
                break
            if t.kind == "punct":
                if t.text in (")", "]") and j in self.pair:
                    j = self.pair[j]
                elif t.template and closes(t):
                    j = t.match
                elif t.text == "}" and j in self.pair:
                    k = self.pair[j]
                    if k == 0 or not (toks[k - 1].kind == "ident" or toks[k - 1].template):
                        break
                    j = k  # a braced initialiser: uint64_t{n}
                elif t.text in ("(", "[", "{", ")", "]", "}", ";", ",", "?", ":"):
                    break
                elif not t.template:
                    p = self.binary_precedence(j)
                    if p is not None and p < prec:
                        break
            start = j
            j -= 1
        return start

    def right_operand(self, i: int, prec: int) -> int | None:
        """The last token of the right operand of the binary operator at i."""
        toks = self.tokens
        j, end = i + 1, None
        while j < len(toks):
            t = toks[j]
            if t.kind == "ident" and t.text in KEYWORDS and t.text not in OPERAND_KEYWORDS:
                break
            if t.kind == "punct":
                if t.text in ("(", "[") and j in self.pair:
                    j = self.pair[j]
                elif t.template and t.text == "<":
                    j = t.match
                elif t.text == "{" and j in self.pair and j > 0 and (
                        toks[j - 1].kind == "ident" or toks[j - 1].template or toks[j - 1].text in (")", "]")):
                    j = self.pair[j]  # a braced initialiser, or a lambda's body
                elif t.text in ("(", "[", "{", ")", "]", "}", ";", ",", "?", ":"):
                    break
                elif not t.template:
                    p = self.binary_precedence(j)
                    if p is not None and p <= prec:
                        break
            end = j
            j += 1
        return end

    def chain_end(self, i: int) -> int:
        """The last token of the postfix expression starting with the name
        at i: a::b, .member, ->member, calls, subscripts, template arguments."""
        toks = self.tokens
        j = i
        while j + 1 < len(toks):
            n = toks[j + 1]
            if n.text in ("::", ".", "->") and j + 2 < len(toks) and toks[j + 2].kind == "ident":
                j += 2
            elif n.text in ("(", "[") and j + 1 in self.pair:
                j = self.pair[j + 1]
            elif n.template and n.text == "<":
                j = n.match
            else:
                break
        return j

    def outer_tokens(self, first: int, last: int) -> list[int]:
        """The tokens of first..last outside the brackets nested in it."""
        out, k = [], first
        while k <= last:
            out.append(k)
            t = self.tokens[k]
            if t.text in "([{" and t.kind == "punct" and k in self.pair:
                k = self.pair[k]
            elif t.template and t.text == "<":
                k = t.match
            k += 1
        return out

    def all_mutable(self, first: int, last: int) -> bool:
        return all(self.mutable[first:last + 1])


def comparison_mutations(s: Scanner, i: int, first: int, last: int) -> list[Mutation]:
    toks = s.tokens
    op = toks[i].text
    left, right = joined(toks, first, i - 1), joined(toks, i + 1, last)
    original = f"{left} {op} {right}"
    out = [Mutation("relational", original, f"{left} {r} {right}", f"{left} {r} {right}") for r in RELATIONAL[op]]
    if op not in ("==", "!="):
        out.append(Mutation("swap", original, f"{right} {op} {left}", f"{right} {op} {left}"))
    if not operand_has_own_site(s, i + 1, last):
        for d in (1, -1):
            sign = "+" if d > 0 else "-"
            out.append(Mutation("bound", original, f"{left} {op} sp_mutant_plus(({right}), {d})",
                                f"{left} {op} ({right}) {sign} 1"))
    return out


def operand_has_own_site(s: Scanner, first: int, last: int) -> bool:
    """Whether a comparison's right operand is one literal or one bound-like
    name (which carry their own +-1 sites), or no number at all (a string,
    nullptr, true, an enumerator: Opcode::loop, Code::limit_exceeded)."""
    toks = s.tokens
    if first == last and toks[first].kind in ("number", "string"):
        return True
    text = joined(toks, first, last)
    if text in ("nullptr", "true", "false") or re.fullmatch(r"(?:\w+ :: )*[A-Z]\w* :: [a-z_]\w*", text):
        return True
    return toks[first].kind == "ident" and s.chain_end(first) == last and is_bound_name(s, first, last)


def is_bound_name(s: Scanner, first: int, last: int) -> bool:
    """A name read as a bound or offset: its last word says so (offset,
    size(), kHeaderBytes), and it is neither a type (Bytes, size_t) nor an
    enumerator (Code::count_too_large)."""
    toks = s.tokens
    names = [k for k in s.outer_tokens(first, last) if toks[k].kind == "ident"]
    name = toks[names[-1]].text
    if name.endswith("_t") or name[0].isupper() or not any(w in BOUND_WORDS for w in words(name)):
        return False
    return not (len(names) > 1 and toks[names[-2]].text[0].isupper() and toks[names[-1] - 1].text == "::"
                and not name.startswith("k"))


def constant_mutations(text: str) -> list[Mutation]:
    m = INTEGER.match(text)
    if not m:
        return []
    digits, suffix = m.group(1).replace("'", ""), m.group(2)
    value = int(digits, 0) if not re.match(r"^0[0-7]+$", digits) else int(digits, 8)
    if digits.lower().startswith("0x"):
        render = (lambda v: f"0x{v:X}") if any(c.isupper() for c in digits[2:]) else (lambda v: f"0x{v:x}")
    elif digits.lower().startswith("0b"):
        render = lambda v: f"0b{v:b}"  # noqa: E731
    else:
        render = str
    news = [1] if value == 0 else [0, 2] if value == 1 else [value + 1, value - 1]
    return [Mutation("constant", text, f"static_cast<decltype({text})>({render(v)}{suffix})", f"{render(v)}{suffix}")
            for v in news]


def file_sites(path: Path, rel: str) -> list[Site]:
    text = path.read_text()
    s = Scanner(text, header=rel.endswith(".h"))
    toks = s.tokens
    lines = text.splitlines()
    sites: list[Site] = []

    def add(first: int, last: int, mutations: list[Mutation]) -> None:
        if not mutations or not s.all_mutable(first, last):
            return
        line = toks[first].line
        sites.append(Site(rel, toks[first].start, toks[last].end, line, " ".join(lines[line - 1].split()),
                          tuple(mutations)))

    for i, t in enumerate(toks):
        if not s.mutable[i]:
            continue
        if t.kind == "punct" and not t.template and t.text in RELATIONAL and s.binary_precedence(i):
            prec = PRECEDENCE[t.text]
            first, last = s.left_operand(i, prec), s.right_operand(i, prec)
            if first is not None and last is not None:
                add(first, last, comparison_mutations(s, i, first, last))
        elif t.kind == "punct" and t.text in LOGICAL and s.binary_precedence(i):
            prec = PRECEDENCE[t.text]
            first, last = s.left_operand(i, prec), s.right_operand(i, prec)
            if first is not None and last is not None:
                left, right = joined(toks, first, i - 1), joined(toks, i + 1, last)
                add(first, last, [Mutation("logical", f"{left} {t.text} {right}", f"{left} {LOGICAL[t.text]} {right}",
                                           f"{left} {LOGICAL[t.text]} {right}")])
        elif t.text == "if" and t.kind == "ident" and i + 1 < len(toks) and toks[i + 1].text == "(":
            close = s.pair.get(i + 1)
            if close is None or close == i + 2 or close + 2 >= len(toks):
                continue
            returns = toks[close + 1].text == "return" or toks[close + 1].text == "{" and toks[close + 2].text == "return"
            outer = [toks[k].text for k in s.outer_tokens(i + 2, close - 1)]
            if returns and ";" not in outer and "=" not in outer:
                cond = joined(toks, i + 2, close - 1)
                add(i + 2, close - 1, [Mutation("guard", f"if ({cond}) return", f"static_cast<bool>({cond}) && false",
                                                "(the early return deleted)", "static_cast<bool>({})")])
        elif t.kind == "number":
            add(i, i, constant_mutations(t.text))
        elif t.kind == "ident" and t.text not in KEYWORDS and (i == 0 or toks[i - 1].text not in ("::", ".", "->")):
            last = s.chain_end(i)
            if not is_bound_name(s, i, last) or not rvalue_context(s, i, last):
                continue
            chain = joined(toks, i, last)
            add(i, last, [Mutation("bound", chain, f"sp_mutant_plus(({chain}), {d})",
                                   f"({chain}) {'+' if d > 0 else '-'} 1") for d in (1, -1)])
    return sites


def rvalue_context(s: Scanner, first: int, last: int) -> bool:
    """Whether the name at first..last is read (not declared, assigned,
    incremented, called as a type, or taken the address of)."""
    toks = s.tokens
    after = toks[last + 1].text if last + 1 < len(toks) else ";"
    if after in ("=", "++", "--", "{") or (after in PRECEDENCE and after.endswith("=") and after not in
                                              ("==", "!=", "<=", ">=")):
        return False
    if first == 0:
        return False
    before = toks[first - 1]
    if before.text in ("++", "--", "~"):
        return False
    if before.text in (";", "{", "}") and after == ";":
        return False  # a statement of its own: a call whose result goes unused
    if first in declarators(s, first):
        return False  # a declaration: uint32_t count, offset; Foo* end;
    if before.text in ("&", "*", "&&"):
        # After an operand it is binary and reads the name; before one, & takes
        # its address and * reads through it.
        return first >= 2 and s.operand_end(first - 2) or before.text == "*"
    if before.kind == "ident" and (before.text not in KEYWORDS or before.text in TYPE_KEYWORDS):
        return False  # a declaration: size_t offset
    return not (before.template and closes(before))  # nor std::span<const uint8_t> bytes


def declarators(s: Scanner, i: int) -> set[int]:
    """The names the statement holding token i declares, when it declares
    variables: from its start a type (qualified, with template arguments,
    pointers and references), then names separated by commas."""
    toks = s.tokens
    k = i
    while k > 0:
        t = toks[k - 1]
        if t.text in (")", "]") and k - 1 in s.pair:
            k = s.pair[k - 1]
        elif t.template and closes(t):
            k = t.match
        elif t.text in (";", "{", "}", "(", "["):
            break
        else:
            k -= 1
    builtin = False
    while toks[k].text in TYPE_KEYWORDS | {"static"}:
        builtin |= toks[k].text not in ("const", "volatile", "static")
        k += 1
    if not builtin:
        if toks[k].kind != "ident" or toks[k].text in KEYWORDS:
            return set()
        k += 1
    names: set[int] = set()
    while k < len(toks):
        t = toks[k]
        if t.text == "::" and k + 1 < len(toks) and toks[k + 1].kind == "ident" and not names:
            k += 2
        elif t.template and t.text == "<":
            k = t.match + 1
        elif t.text in ("*", "&", "&&", "const"):
            k += 1
        elif t.kind == "ident" and t.text not in KEYWORDS:
            names.add(k)
            # The initialiser, if any, up to the next declarator.
            k += 1
            while k < len(toks) and toks[k].text not in (",", ";"):
                k = s.pair.get(k, k) + 1 if toks[k].text in "([{" else k + 1
            if k >= len(toks) or toks[k].text == ";":
                break
            k += 1
        else:
            break
    return names


# Files whose code is no parser: builders of test inputs (tests, the
# conformance cases and the seeds use them; a mutant there changes the
# inputs, not what reads them).
# model_diff compares two models for the fuzz targets' round-trip checks
# and the tests: a mutant there weakens an oracle, it is no parser bug.
EXCLUDED = frozenset({"parsers/fxc/builder.cpp", "parsers/fxc/builder.h", "parsers/fxc/rdef_builder.cpp",
                      "parsers/fxc/rdef_builder.h", "parsers/dxcontainer/model_diff.cpp",
                      "parsers/dxcontainer/model_diff.h"})


def source_files(repo: Path) -> list[str]:
    """The parsers' .cpp and .h files (their .def tables are data, and never
    hold a site)."""
    return sorted(str(p.relative_to(repo)) for p in (repo / "parsers").glob("*/*")
                  if p.suffix in (".cpp", ".h") and str(p.relative_to(repo)) not in EXCLUDED)


@dataclasses.dataclass(frozen=True)
class Mutant:
    id: int  # its switch in the schema: SP_MUTANT=id
    site: Site
    mutation: Mutation

    @property
    def folder(self) -> str:
        return str(Path(self.site.file).parent)

    @property
    def key(self) -> str:
        """The mutant's identity across edits that move it: file, source line
        and change (what tools/mutants/equivalent.json names)."""
        return f"{self.site.file}|{self.site.context}|{self.mutation.describe()}"


# Each parser file numbers its mutants in a block of its own (by its place
# among source_files()), so a change to one file renumbers no other and the
# schema build recompiles only what changed.
BLOCK = 2048


def number(sites: list[Site], files: list[str]) -> list[Mutant]:
    """Every mutation of every site, numbered in file order: the schema
    holds them all, so the numbers stay while the sources do."""
    block = {f: k * BLOCK for k, f in enumerate(files)}
    out: list[Mutant] = []
    for file in files:
        here = sorted((s for s in sites if s.file == file), key=lambda s: (s.start, -s.end, s.mutations[0].operator))
        ms = [(site, m) for site in here for m in site.mutations]
        if len(ms) >= BLOCK:
            raise ValueError(f"{file}: {len(ms)} mutants, more than a block of {BLOCK} holds")
        out += [Mutant(block[file] + k + 1, site, m) for k, (site, m) in enumerate(ms)]
    return out


def all_mutants(repo: Path) -> list[Mutant]:
    files = source_files(repo)
    return number([site for rel in files for site in file_sites(repo / rel, rel)], files)


def draw(mutants: list[Mutant], count: int, seed: int) -> list[Mutant]:
    """count mutants, one per site, drawn by a generator seeded with seed:
    each an operator family chosen with equal odds (so the rarer ones,
    guards and swaps, are not crowded out by the thousands of constants and
    bounds), then a site offering it, then one of its mutations there."""
    rng = random.Random(seed)
    families: dict[str, dict[Site, list[Mutant]]] = {}
    for m in mutants:
        families.setdefault(m.mutation.operator, {}).setdefault(m.site, []).append(m)
    order = {op: list(by_site) for op, by_site in families.items()}
    for op in sorted(order):
        rng.shuffle(order[op])
    taken: set[Site] = set()
    picked: list[Mutant] = []
    while len(picked) < count:
        open_families = sorted(op for op, left in order.items() if left)
        if not open_families:
            break
        op = rng.choice(open_families)
        site = order[op].pop()
        if site in taken:
            continue
        taken.add(site)
        picked.append(rng.choice(families[op][site]))
    return sorted(picked, key=lambda m: m.id)
