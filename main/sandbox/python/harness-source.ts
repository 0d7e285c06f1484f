/**
 * The Python side of the sandbox, run once per worker after Pyodide has loaded (in its own
 * globals, never the program's). It defines `run_program(source, seed, max_log_chars)`, which
 * answers a JSON string.
 *
 * Containment is layered, because Python cannot sandbox itself: this layer keeps a program
 * away from everything that leads out (modules, frames, hidden attributes), and the worker
 * (python-worker.ts) removes the JavaScript bridge modules Pyodide registers, so even a program
 * that got past this layer would find no `js` to import. Each program gets
 * - fresh globals whose `__builtins__` is a reduced copy: no open, eval, exec, compile, input,
 *   globals/locals/vars, breakpoint, help, exit; getattr/setattr/delattr/hasattr refuse hidden
 *   names; `__import__` imports only the allowlist below;
 * - modules as copies holding their public, non-module attributes only (`random._os`,
 *   `fractions.sys` and the like are not there), with the few functions that reach attributes
 *   by name (operator.attrgetter, methodcaller) checked the same way;
 *   numpy and scipy are the pure-Python subset of numeric-subset-source.ts, copied the same way
 *   (their submodules scipy.stats and scipy.special too);
 * - a syntax check refusing attribute names that start with "_" (except __init__ and
 *   __name__) and the frame/code attributes of generators, coroutines and tracebacks, the
 *   classic ways from any object back to the interpreter's globals.
 */
export const HARNESS_SOURCE = String.raw`
import ast as _ast
import builtins as _builtins
import json as _json
import math as _math
import sys as _sys
import types as _types

ALLOWED = (
    'math', 'cmath', 'decimal', 'fractions', 'statistics', 'datetime', 'itertools',
    'functools', 'collections', 're', 'json', 'random', 'heapq', 'bisect', 'copy',
    'numbers', 'calendar', 'operator', 'time', 'numpy', 'scipy',
)
# Submodules a program may import by name (numpy and scipy are the pure-Python subsets of
# numeric-subset-source.ts, registered before this harness runs).
SUBMODULES = ('collections.abc', 'scipy.stats', 'scipy.special')
SUBSETS = ('numpy', 'scipy')
# Real libraries a model may reach for; not in the sandbox (no packages load offline).
NOT_AVAILABLE = (
    'sympy', 'pandas', 'numpy_financial', 'matplotlib', 'sklearn',
    'statsmodels', 'mpmath', 'seaborn', 'tensorflow', 'torch',
)
HIDDEN_ATTRS = frozenset((
    'gi_frame', 'gi_code', 'gi_yieldfrom', 'gi_suspended', 'cr_frame', 'cr_code', 'cr_await',
    'cr_origin', 'ag_frame', 'ag_code', 'ag_await', 'tb_frame', 'tb_next', 'f_globals',
    'f_builtins', 'f_locals', 'f_back', 'f_code', 'f_trace', 'mro', 'format_map',
))
OPEN_DUNDERS = frozenset(('__init__', '__name__'))
REMOVED_BUILTINS = (
    'open', 'eval', 'exec', 'compile', 'input', 'globals', 'locals', 'vars', 'breakpoint',
    'help', 'exit', 'quit', 'copyright', 'credits', 'license', 'memoryview', '__loader__',
    '__spec__',
)


class RefusedModule(Exception):
    pass


class RefusedName(Exception):
    pass


def _hidden(name):
    if not isinstance(name, str):
        return False
    return (name.startswith('_') and name not in OPEN_DUNDERS) or name in HIDDEN_ATTRS


def _check_name(name):
    if _hidden(name):
        raise RefusedName("access to the attribute '%s' is not allowed in the sandbox" % name)


for _name in ALLOWED:
    __import__(_name)
import collections.abc  # noqa: E402  (collections.abc is imported as part of collections)


def _safe_getattr(obj, name, *default):
    _check_name(name)
    return _builtins.getattr(obj, name, *default)


def _safe_setattr(obj, name, value):
    _check_name(name)
    return _builtins.setattr(obj, name, value)


def _safe_delattr(obj, name):
    _check_name(name)
    return _builtins.delattr(obj, name)


def _safe_hasattr(obj, name):
    _check_name(name)
    return _builtins.hasattr(obj, name)


def _checked_dotted(names):
    for n in names:
        if not isinstance(n, str):
            continue
        for part in n.split('.'):
            _check_name(part)


def _safe_attrgetter(*names):
    _checked_dotted(names)
    return _sys.modules['operator'].attrgetter(*names)


def _safe_methodcaller(name, *args, **kwargs):
    _check_name(name)
    return _sys.modules['operator'].methodcaller(name, *args, **kwargs)


def _interruptible_sleep(seconds):
    # Pyodide's time.sleep blocks inside C without checking the interrupt buffer, so a long
    # sleep would cost the worker; a Python wait loop is interrupted at the deadline instead.
    clock = _sys.modules['time'].monotonic
    end = clock() + float(seconds)
    while clock() < end:
        pass


OVERRIDES = {
    'operator': {'attrgetter': _safe_attrgetter, 'methodcaller': _safe_methodcaller},
    'time': {'sleep': _interruptible_sleep},
}


def _module_copy(name):
    real = _sys.modules[name]
    copy = _types.ModuleType(name)
    for key, value in real.__dict__.items():
        if key.startswith('_') or isinstance(value, _types.ModuleType):
            continue
        copy.__dict__[key] = value
    for key, value in OVERRIDES.get(name, {}).items():
        copy.__dict__[key] = value
    # A subset module names what it lacks on access (numpy.linalg -> NotInSubset).
    if '__getattr__' in real.__dict__:
        copy.__dict__['__getattr__'] = real.__dict__['__getattr__']
    for sub in SUBMODULES:
        parent, _, child = sub.rpartition('.')
        if parent == name:
            copy.__dict__[child] = _module_copy(sub)
    return copy


def _refusal(name):
    top = name.split('.')[0]
    if top in SUBSETS:
        return ("%s is not in the sandbox's %s subset (docs/runs.md lists what is)"
                % (name, top))
    if top in NOT_AVAILABLE:
        return ("module '%s' is not available in the sandbox (only the Python standard "
                "library's computation modules and a small pure-Python subset of numpy and "
                "scipy are; write the calculation with math)" % name)
    return ("import of module '%s' is not allowed in the sandbox (allowed: %s)"
            % (name, ', '.join(ALLOWED)))


def _guarded_import(name, globals=None, locals=None, fromlist=(), level=0):
    if level != 0 or not isinstance(name, str):
        raise RefusedModule('relative imports are not allowed in the sandbox')
    top = name.split('.')[0]
    if top not in ALLOWED or (name != top and name not in SUBMODULES):
        raise RefusedModule(_refusal(name))
    # As Python's own: 'import a.b' binds a, 'from a.b import c' reads c from a.b.
    module = _module_copy(name if fromlist else top)
    for item in fromlist or ():
        if isinstance(item, str):
            _check_name(item)
            if not hasattr(module, item):
                raise ImportError("cannot import name '%s' from '%s'" % (item, name))
    return module


def _restricted_builtins():
    b = dict(_builtins.__dict__)
    for name in REMOVED_BUILTINS:
        b.pop(name, None)
    b['__import__'] = _guarded_import
    b['getattr'] = _safe_getattr
    b['setattr'] = _safe_setattr
    b['delattr'] = _safe_delattr
    b['hasattr'] = _safe_hasattr
    b['print'] = _print
    return b


class _Output:
    def __init__(self):
        self.parts = []
        self.size = 0
        self.limit = 0
        self.truncated = False


_out = _Output()


def _write(text):
    room = _out.limit - _out.size
    if room <= 0:
        if text:
            _out.truncated = True
        return
    if len(text) > room:
        text = text[:room]
        _out.truncated = True
    _out.parts.append(text)
    _out.size += len(text)


def _print(*args, sep=' ', end='\n', file=None, flush=False):
    # Piece by piece, so printing a huge value costs no copies of it.
    sep = sep if isinstance(sep, str) else ' '
    for i, value in enumerate(args):
        if i:
            _write(sep)
        _write(value if isinstance(value, str) else str(value))
    _write(end if isinstance(end, str) else '\n')


class _Check(_ast.NodeVisitor):
    def visit_Attribute(self, node):
        if _hidden(node.attr):
            raise RefusedName("access to the attribute '%s' is not allowed in the sandbox (line %d)"
                              % (node.attr, node.lineno))
        self.generic_visit(node)

    def visit_MatchClass(self, node):
        # case C(attr=x) reads an attribute without an Attribute node.
        for name in node.kwd_attrs:
            if _hidden(name):
                raise RefusedName("access to the attribute '%s' is not allowed in the sandbox (line %d)"
                                  % (name, node.lineno))
        self.generic_visit(node)

    def visit_Name(self, node):
        if node.id.startswith('__') and node.id not in ('__name__', '__import__'):
            raise RefusedName("the name '%s' is not allowed in the sandbox (line %d)"
                              % (node.id, node.lineno))
        self.generic_visit(node)


def _json_value(value, depth=0):
    if depth > 20:
        raise ValueError('the result is nested too deeply')
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value if abs(value) <= 2 ** 53 else float(value)
    if isinstance(value, float):
        return value if _math.isfinite(value) else repr(value)
    if isinstance(value, str):
        return value
    if isinstance(value, _NDARRAY):
        value = value.tolist()
    if isinstance(value, (list, tuple)):
        return [_json_value(v, depth + 1) for v in value][:10000]
    try:
        as_float = float(value)  # Decimal, Fraction
        return as_float if _math.isfinite(as_float) else repr(as_float)
    except Exception:
        return str(value)


def _error(kind, message):
    return {'ok': False, 'error': {'kind': kind, 'message': message}}


def _describe(e):
    name = type(e).__name__
    text = str(e)
    return ('%s: %s' % (name, text) if text else name)[:500]


def _class_snapshots():
    seen = {}
    for name in ALLOWED + SUBMODULES:
        for value in list(vars(_sys.modules[name]).values()):
            # Types flagged immutable (most C types) cannot be changed by a program anyway.
            if isinstance(value, type) and not value.__flags__ & (1 << 8):
                seen[id(value)] = (value, dict(value.__dict__))
    return list(seen.values())


_CLASSES = _class_snapshots()
_NDARRAY = _sys.modules['numpy'].ndarray
_DECIMAL = _sys.modules['decimal']


def _restore_shared_state():
    # What a program could change that outlives its globals: attributes of the standard
    # library's Python classes, the decimal context and calendar's first weekday.
    for cls, saved in _CLASSES:
        current = cls.__dict__
        if len(current) == len(saved) and all(current.get(k) is v for k, v in saved.items()):
            continue
        for key in [k for k in current if k not in saved]:
            type.__delattr__(cls, key)
        for key, value in saved.items():
            if current.get(key) is not value:
                type.__setattr__(cls, key, value)
    _DECIMAL.setcontext(_DECIMAL.Context(
        prec=28, rounding=_DECIMAL.ROUND_HALF_EVEN, Emin=-999999, Emax=999999, capitals=1,
        clamp=0, flags=[],
        traps=[_DECIMAL.InvalidOperation, _DECIMAL.DivisionByZero, _DECIMAL.Overflow]))
    _sys.modules['calendar'].setfirstweekday(0)


def run_program(source, seed, max_log_chars):
    _out.parts = []
    _out.size = 0
    _out.limit = max_log_chars
    _out.truncated = False
    _restore_shared_state()
    _sys.modules['random'].seed(seed)
    try:
        tree = _ast.parse(source, '<program>', 'exec')
        _Check().visit(tree)
        code = compile(tree, '<program>', 'exec')
    except RefusedName as e:
        result = _error('python-error', 'refused: ' + str(e))
    except SyntaxError as e:
        result = _error('python-error', 'SyntaxError: %s (line %s)' % (e.msg, e.lineno))
    except RecursionError:
        result = _error('python-error', 'the program is nested too deeply to parse')
    except MemoryError:
        result = _error('memory', 'ran out of memory while parsing the program')
    else:
        result = _execute(code)
    result['logs'] = ''.join(_out.parts)
    result['logsTruncated'] = _out.truncated
    try:
        return _json.dumps(result, allow_nan=False)
    except Exception as e:
        return _json.dumps(_error('python-error', 'the result cannot be converted: ' + _describe(e)))


def _execute(code):
    g = {'__name__': '__main__', '__builtins__': _restricted_builtins()}
    try:
        exec(code, g)
        fn = g.get('solution')
        if callable(fn):
            value, source = fn(), 'solution'
        elif 'answer' in g:
            value, source = g['answer'], 'answer'
        elif 'ans' in g:
            value, source = g['ans'], 'ans'
        else:
            return _error('python-error', 'the program defines no solution() and no answer variable')
        return {'ok': True, 'value': _json_value(value), 'source': source}
    except RefusedModule as e:
        return _error('refused-module', str(e))
    except RefusedName as e:
        return _error('python-error', 'refused: ' + str(e))
    except KeyboardInterrupt:
        return _error('timeout', 'interrupted at its deadline')
    except MemoryError:
        return _error('memory', 'ran out of memory (the sandbox heap limit)')
    except RecursionError as e:
        return _error('python-error', _describe(e))
    except BaseException as e:
        return _error('python-error', _describe(e))
    finally:
        g.clear()
`;
