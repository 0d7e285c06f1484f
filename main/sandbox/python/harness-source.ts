/**
 * The Python side of the sandbox, run once per process after Pyodide has loaded (in its own
 * globals, never the program's). It defines `run_program(source, seed, max_log_chars,
 * facts_json)`, which answers a JSON string (with `reads`: the fact()/facts() calls as asked).
 *
 * Containment is layered, because Python cannot sandbox itself: this layer keeps a program
 * away from everything that leads out (modules, frames, hidden attributes, code built at run
 * time); load-pyodide.ts removes the JavaScript bridge modules, and the process it runs in is
 * the outer wall (launch-python-process.ts, lockdown.ts). Each program gets
 * - fresh globals whose `__builtins__` is a reduced copy: no open, eval, exec, compile, input,
 *   globals/locals/vars, breakpoint, help, exit;
 * - one rule for every attribute named at run time (getattr, setattr, delattr, hasattr,
 *   operator.attrgetter/methodcaller, functools.wraps, `from m import name`, `__import__`):
 *   the name must be an exact built-in `str` (a `str` subclass could lie to the check through
 *   its own startswith, split, __eq__ or __hash__: issue 21), and it is checked with `str`'s
 *   own methods, never with methods looked up on the object given;
 * - modules as copies holding their public, non-module attributes only (`random._os`,
 *   `fractions.sys` and the like are not there), their mutable containers copied, and the
 *   functions that reach attributes by a name given at run time replaced by checked ones;
 *   numpy and scipy are the pure-Python subset of numeric-subset-source.ts, copied the same
 *   way (their submodules scipy.stats and scipy.special too);
 * - a syntax check refusing attribute names that start with "_" (except __init__ and
 *   __name__), the frame/code attributes of generators, coroutines and tracebacks, dunder
 *   names and dunder strings; `x.format` is rewritten to a checked `str.format` that refuses
 *   format fields reading hidden attributes ("{0.__class__}");
 * - an audit hook (sys.addaudithook, which a program cannot remove) that, while a program
 *   runs, refuses every interpreter event outside a short list: frame and code access
 *   (gi_frame, tb_frame, __code__, sys._getframe), compiling or running code other than the
 *   program itself (the route around the syntax check: eval inside the standard library),
 *   building functions or code objects, gc's object walks, files, sockets and processes.
 */
export const HARNESS_SOURCE = String.raw`
import _abc
import _locale
import _string
import _strptime
import ast as _ast
import builtins as _builtins
import gc as _gc
import itertools as _itertools
import json as _json
import operator as _operator
import math as _math
import re as _re
import sys as _sys
import types as _types
from datetime import date as _datetime_date

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
    'cr_origin', 'cr_suspended', 'ag_frame', 'ag_code', 'ag_await', 'ag_suspended', 'tb_frame',
    'tb_next', 'f_globals', 'f_builtins', 'f_locals', 'f_back', 'f_code', 'f_trace',
    'f_generator', 'mro', 'format_map',
))
OPEN_DUNDERS = frozenset(('__init__', '__name__'))
# Dunder strings a program may write as literals (the syntax check refuses the others).
OPEN_DUNDER_STRINGS = frozenset(('__init__', '__name__', '__main__'))
REMOVED_BUILTINS = (
    'open', 'eval', 'exec', 'compile', 'input', 'globals', 'locals', 'vars', 'breakpoint',
    'help', 'exit', 'quit', 'copyright', 'credits', 'license', 'memoryview', '__loader__',
    '__spec__',
)
# Public attributes of allowed modules that are left out of their copies: global_enum writes
# into sys.modules[cls.__module__] (a program chooses the class); main and the C API capsule
# are not computation.
DROPPED = {
    'calendar': ('global_enum', 'main'),
    'datetime': ('datetime_CAPI',),
}
# Modules the C code of allowed modules imports through __import__: datetime.strptime and
# time.strptime import _strptime (preloaded below), a warning (datetime.utcnow's) imports
# warnings.
INTERNAL_IMPORTS = ('_strptime', 'warnings')
# Not an identifier, so a program can neither write nor rebind it: the syntax check rewrites
# x.format to a call of this builtin.
FORMAT_HELPER = 'sandbox format'


class RefusedModule(Exception):
    pass


class RefusedName(Exception):
    pass


# The real functions, kept here: programs get checked ones. str's own methods are used on
# names, never methods looked up on the object a program passed.
_getattr = _builtins.getattr
_setattr = _builtins.setattr
_delattr = _builtins.delattr
_hasattr = _builtins.hasattr
_startswith = str.startswith
_split = str.split
_partition = str.partition
_text_copy = str.__str__
_STR_FORMAT = str.__dict__['format']
_STR_FORMAT_MAP = str.__dict__['format_map']
_BUILTIN_METHOD = type(''.format)
_MAPPINGPROXY = type(type.__dict__)
_CODE = type((lambda: 0).__code__)
_FUNCTION = type(lambda: 0)
_DUNDER = _re.compile(r'__[^\W_]\w*__')
_PLAIN_NAMES = 'attribute names must be plain strings in the sandbox'


def _hidden(name):
    # name is an exact str (every caller checks first).
    return (_startswith(name, '_') and name not in OPEN_DUNDERS) or name in HIDDEN_ATTRS


def _plain(name):
    if type(name) is not str:
        raise RefusedName(_PLAIN_NAMES)
    return name


def _check_name(name):
    _plain(name)
    if _hidden(name):
        raise RefusedName("access to the attribute '%s' is not allowed in the sandbox" % name)
    return name


def _is_str(value):
    # issubclass on the real type: isinstance would ask the object's own __class__.
    return issubclass(type(value), str)


def _text(value):
    # A str that is exactly str, whatever __str__ answered.
    return _text_copy(str(value))


for _name in ALLOWED:
    __import__(_name)
import collections.abc  # noqa: E402  (collections.abc is imported as part of collections)


# ---------------------------------------------------------------- format strings


def _check_format_string(fmt, depth=0):
    # The same parser str.format uses: no field may read a hidden attribute, nested fields in
    # format specs ("{0:{1.__class__}}") included.
    for _literal, field, spec, _conversion in _string.formatter_parser(fmt):
        if field is not None:
            _first, rest = _string.formatter_field_name_split(field)
            for is_attr, key in rest:
                if is_attr and _hidden(key):
                    raise RefusedName("the format field '%s' reads a hidden attribute, which is "
                                      "not allowed in the sandbox" % field)
        if spec and depth < 4:
            _check_format_string(spec, depth + 1)


def _checked_format(self, *args, **kwargs):
    if _is_str(self):
        _check_format_string(self)
    return _STR_FORMAT(self, *args, **kwargs)


def _checked_format_map(self, mapping):
    if _is_str(self):
        _check_format_string(self)
    return _STR_FORMAT_MAP(self, mapping)


def _bound_format(text):
    def format(*args, **kwargs):
        return _checked_format(text, *args, **kwargs)
    return format


def _guard_value(name, value):
    # str.format, however it was reached (str.format, s.format, super().format, getattr,
    # methodcaller), comes back as the checked one.
    if name == 'format':
        if value is _STR_FORMAT:
            return _checked_format
        if type(value) is _BUILTIN_METHOD and _getattr(value, '__name__', None) == 'format':
            owner = _getattr(value, '__self__', None)
            if _is_str(owner):
                return _bound_format(owner)
    return value


def _format_attr(obj):
    return _guard_value('format', _getattr(obj, 'format'))


# collections.UserString.format calls str.format on its data.
def _userstring_format(self, *args, **kwargs):
    return _checked_format(self.data, *args, **kwargs)


def _userstring_format_map(self, mapping):
    return _checked_format_map(self.data, mapping)


type.__setattr__(_sys.modules['collections'].UserString, 'format', _userstring_format)
type.__setattr__(_sys.modules['collections'].UserString, 'format_map', _userstring_format_map)


# ---------------------------------------------------------------- checked builtins


def _safe_getattr(obj, name, *default):
    _check_name(name)
    return _guard_value(name, _getattr(obj, name, *default))


def _safe_setattr(obj, name, value):
    _check_name(name)
    return _setattr(obj, name, value)


def _safe_delattr(obj, name):
    _check_name(name)
    return _delattr(obj, name)


def _safe_hasattr(obj, name):
    _check_name(name)
    return _hasattr(obj, name)


def _safe_attrgetter(attr, *attrs):
    # Written in Python: the real attrgetter's class would build an unchecked one
    # (type(operator.attrgetter('x'))('__class__')).
    paths = []
    for name in (attr,) + attrs:
        parts = tuple(_split(_plain(name), '.'))
        for part in parts:
            _check_name(part)
        paths.append(parts)

    def resolve(obj, parts):
        for part in parts:
            obj = _safe_getattr(obj, part)
        return obj

    if len(paths) == 1:
        only = paths[0]

        def attrgetter(obj):
            return resolve(obj, only)
    else:
        def attrgetter(obj):
            return tuple(resolve(obj, parts) for parts in paths)
    return attrgetter


def _safe_methodcaller(name, /, *args, **kwargs):
    _check_name(name)

    def methodcaller(obj):
        return _safe_getattr(obj, name)(*args, **kwargs)
    return methodcaller


_functools = _sys.modules['functools']
_WRAPPER_ASSIGNMENTS = _functools.WRAPPER_ASSIGNMENTS
_WRAPPER_UPDATES = _functools.WRAPPER_UPDATES


def _wrapper_names(names, defaults):
    if names is defaults:
        return defaults
    names = tuple(names)
    for name in names:
        _plain(name)
        if name not in defaults and (_hidden(name) or name == 'format'):
            raise RefusedName("access to the attribute '%s' is not allowed in the sandbox" % name)
    return names


def _safe_update_wrapper(wrapper, wrapped, assigned=_WRAPPER_ASSIGNMENTS,
                         updated=_WRAPPER_UPDATES):
    # functools.update_wrapper with checked names; the dictionaries it merges give only their
    # public entries, and only into a real dict (a class's __dict__ holds its dunder methods:
    # type.__dict__['__subclasses__']).
    assigned = _wrapper_names(assigned, _WRAPPER_ASSIGNMENTS)
    updated = _wrapper_names(updated, _WRAPPER_UPDATES)
    for attr in assigned:
        try:
            value = _getattr(wrapped, attr)
        except AttributeError:
            pass
        else:
            _setattr(wrapper, attr, value)
    for attr in updated:
        target = _getattr(wrapper, attr)
        source = _getattr(wrapped, attr, {})
        if type(target) is not dict:
            raise TypeError("'%s' of the wrapper is not a dict" % attr)
        if type(source) is dict or type(source) is _MAPPINGPROXY:
            for key, value in list(source.items()):
                if type(key) is str and not _hidden(key):
                    target[key] = value
    _setattr(wrapper, '__wrapped__', wrapped)
    return wrapper


def _safe_wraps(wrapped, assigned=_WRAPPER_ASSIGNMENTS, updated=_WRAPPER_UPDATES):
    assigned = _wrapper_names(assigned, _WRAPPER_ASSIGNMENTS)
    updated = _wrapper_names(updated, _WRAPPER_UPDATES)
    return _functools.partial(_safe_update_wrapper, wrapped=wrapped, assigned=assigned,
                              updated=updated)


def _interruptible_sleep(seconds):
    # Pyodide's time.sleep blocks inside C without checking the interrupt buffer, so a long
    # sleep would cost the process; a Python wait loop is interrupted at the deadline instead.
    clock = _sys.modules['time'].monotonic
    end = clock() + float(seconds)
    while clock() < end:
        pass


OVERRIDES = {
    'operator': {'attrgetter': _safe_attrgetter, 'methodcaller': _safe_methodcaller},
    'time': {'sleep': _interruptible_sleep},
    'functools': {'update_wrapper': _safe_update_wrapper, 'wraps': _safe_wraps},
}
# Never handed out under any name, whichever module re-exports them.
_DANGEROUS = {id(v) for v in (
    _getattr, _setattr, _delattr, _hasattr, _builtins.vars, _builtins.eval, _builtins.exec,
    _builtins.compile, _builtins.open, _builtins.globals, _builtins.locals,
    _builtins.breakpoint, _builtins.input, _builtins.__import__,
    _sys.modules['operator'].attrgetter, _sys.modules['operator'].methodcaller,
    _functools.update_wrapper, _functools.wraps,
)}
_DANGEROUS_TYPES = (_sys.modules['operator'].attrgetter, _sys.modules['operator'].methodcaller)
_CAPSULE = type(_sys.modules['datetime'].datetime_CAPI)
_CONTAINERS = (dict, list, set, bytearray)


def _module_copy(name):
    real = _sys.modules[name]
    copy = _types.ModuleType(name)
    dropped = DROPPED.get(name, ())
    for key, value in list(real.__dict__.items()):
        if (type(key) is not str or _startswith(key, '_') or key in dropped
                or isinstance(value, _types.ModuleType) or id(value) in _DANGEROUS
                or type(value) is _CAPSULE or type(value) in _DANGEROUS_TYPES):
            continue
        # A program changes its own copy of a module's lists and dicts (calendar.mdays,
        # copy.dispatch_table), never the ones the module itself reads.
        if type(value) in _CONTAINERS:
            value = type(value)(value)
        copy.__dict__[key] = value
    for key, value in OVERRIDES.get(name, {}).items():
        copy.__dict__[key] = value
    # A subset module names what it lacks on access (numpy.linalg -> NotInSubset).
    if '__getattr__' in real.__dict__:
        copy.__dict__['__getattr__'] = real.__dict__['__getattr__']
    for sub in SUBMODULES:
        parent, _, child = _partition(sub, '.')
        if parent == name:
            copy.__dict__[child] = _module_copy(sub)
    return copy


def _refusal(name):
    top = _partition(name, '.')[0]
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
    if type(name) is not str:
        raise RefusedModule('module names must be plain strings in the sandbox')
    if type(level) is not int or level != 0:
        raise RefusedModule('relative imports are not allowed in the sandbox')
    if (name in INTERNAL_IMPORTS and type(fromlist) is list and not fromlist
            and name in _sys.modules):
        # C code of an allowed module importing a helper through __import__ (PyImport_Import
        # passes an empty list); it then reads sys.modules itself. A program asking the same
        # way gets an empty module; an import statement is refused as usual.
        return _types.ModuleType(name)
    items = () if fromlist is None else tuple(fromlist)
    top = _partition(name, '.')[0]
    if top not in ALLOWED or (name != top and name not in SUBMODULES):
        raise RefusedModule(_refusal(name))
    for item in items:
        _plain(item)
        if item != '*':
            _check_name(item)
    # As Python's own: 'import a.b' binds a, 'from a.b import c' reads c from a.b.
    module = _module_copy(name if items else top)
    for item in items:
        if item != '*' and not _hasattr(module, item):
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
    b[FORMAT_HELPER] = _format_attr
    b['fact'] = _fact
    b['facts'] = _facts
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
    # Piece by piece, so printing a huge value costs no copies of it; every piece an exact
    # str (a str subclass's own len or slicing never runs here).
    sep = _text_copy(sep) if _is_str(sep) else ' '
    for i, value in enumerate(args):
        if i:
            _write(sep)
        _write(_text_copy(value) if _is_str(value) else _text(value))
    _write(_text_copy(end) if _is_str(end) else '\n')


# ---------------------------------------------------------------- syntax check


def _refuse_attr(name, node):
    raise RefusedName("access to the attribute '%s' is not allowed in the sandbox (line %d)"
                      % (name, node.lineno))


class _Check(_ast.NodeTransformer):
    def visit_Attribute(self, node):
        if _hidden(node.attr):
            _refuse_attr(node.attr, node)
        self.generic_visit(node)
        if node.attr == 'format' and isinstance(node.ctx, _ast.Load):
            call = _ast.Call(func=_ast.Name(id=FORMAT_HELPER, ctx=_ast.Load()),
                             args=[node.value], keywords=[])
            return _ast.copy_location(call, node)
        return node

    def visit_MatchClass(self, node):
        # case C(attr=x) reads an attribute without an Attribute node.
        for name in node.kwd_attrs:
            if _hidden(name):
                _refuse_attr(name, node)
        self.generic_visit(node)
        return node

    def visit_Name(self, node):
        if _startswith(node.id, '__') and node.id not in ('__name__', '__import__'):
            raise RefusedName("the name '%s' is not allowed in the sandbox (line %d)"
                              % (node.id, node.lineno))
        return node

    def visit_alias(self, node):
        if node.asname is not None and _startswith(node.asname, '__'):
            raise RefusedName("the name '%s' is not allowed in the sandbox" % node.asname)
        return node

    def visit_Subscript(self, node):
        # x['__builtins__'] reads an item of a mapping the program holds, not an attribute.
        if isinstance(node.slice, _ast.Constant):
            node.value = self.visit(node.value)
            return node
        self.generic_visit(node)
        return node

    def visit_Constant(self, node):
        # '__class__' and the like as text: getattr(x, '__class__'), type(n, b, {'__module__': m}).
        value = node.value
        if type(value) is str and _DUNDER.fullmatch(value) and value not in OPEN_DUNDER_STRINGS:
            raise RefusedName("the string '%s' names a hidden attribute, which is not allowed "
                              "in the sandbox (line %d)" % (value, node.lineno))
        return node


# ---------------------------------------------------------------- fact() and facts()

# The tagged facts of the context's filings (issue 27), given per run as JSON by the host and
# kept here, in the harness's globals: a program gets copies only. The rules are those of
# shared/sandbox/fact-lookup.ts. Each call is noted in _READS (concept, period, dims as asked);
# the host looks every one up again in its own copy of the facts to build the trace, so what a
# program could send is at most a claim to have asked.
_FACTS = {'json': None, 'by_local': {}, 'count': 0}
_READS = []
_MAX_READS = 10000
_MAX_NAME = 300
_ISO_DATE = _re.compile(r'\d{4}-\d{2}-\d{2}')
_FY = _re.compile(r'(?:FY ?)?(\d{4})')
_PERIOD_FIRST = _re.compile(r'(Q[1-4]|H1|9M) ?(?:FY ?)?(\d{4})')
_YEAR_FIRST = _re.compile(r'(?:FY ?)?(\d{4}) ?(Q[1-4]|H1|9M)')
_CAMEL = _re.compile(r'([a-z0-9])([A-Z])')
_WORD_SPLIT = _re.compile(r'[^a-z0-9]+')
_PERIOD_USAGE = ('period must be "FY2024", "2024", "Q3 2024", "H1 2024", "9M 2024" or an ISO '
                 'date such as "2024-12-31"')


def _new_fact_types():
    # Made again for every program that reads facts, before its window opens: a program can
    # write to the classes it is handed (type(f).value = 5), and that must end with it.
    class Fact(float):
        # A tagged fact: a float (the number as the filing shows it) with the fact's fields.
        __slots__ = ('concept', 'period', 'label', 'dimensions', 'unit', 'decimals', 'value',
                     'scale', 'base', 'cells')

    # A missing fact: a LookupError (a program may catch it as one) named as JavaScript's.
    class Missing(LookupError):
        pass

    Missing.__name__ = 'LookupError'
    Missing.__qualname__ = 'LookupError'
    _FACT_TYPES[0] = Fact
    _FACT_TYPES[1] = Missing


_FACT_TYPES = [None, None]


def _local(name):
    return str.lower(_partition(name, ':')[2] if ':' in name else name)


def _load_facts(facts_json):
    if facts_json == _FACTS['json']:
        return
    by_local = {}
    facts = _json.loads(facts_json) if facts_json else []
    for f in facts:
        by_local.setdefault(_local(f['concept']), []).append(f)
    _FACTS['json'] = facts_json
    _FACTS['by_local'] = by_local
    _FACTS['count'] = len(facts)


def _fact_end(f):
    p = f['period']
    return p['instant'] if 'instant' in p else p['end']


def _show_period(f):
    p = f['period']
    iso = p['instant'] if 'instant' in p else '%s..%s' % (p['start'], p['end'])
    return '%s (%s)' % (f['label'], iso) if f['label'] else iso


def _describe_fact(f):
    dims = ' ' + _json.dumps(f['dimensions'], separators=(',', ':')) if f['dimensions'] else ''
    scale = '' if f['scale'] == 1 else ' x %s' % _fact_number(f['scale'])
    unit = ' ' + f['unit'] if f['unit'] else ''
    return '%s %s%s = %s%s%s' % (f['concept'], _show_period(f), dims,
                                  _fact_number(f['value']), scale, unit)


def _fact_number(n):
    return repr(int(n)) if type(n) is int or (type(n) is float and n.is_integer()
                                              and abs(n) < 1e21) else repr(n)


def _concept_facts(concept):
    found = _FACTS['by_local'].get(_local(concept))
    if found is None or ':' not in concept:
        return found
    exact = [f for f in found if str.lower(f['concept']) == str.lower(concept)]
    return exact or None


def _camel_words(name):
    spaced = _CAMEL.sub(r'\1 \2', name)
    return frozenset(w[:-1] if len(w) > 3 and w[-1] == 's' else w
                     for w in _WORD_SPLIT.split(_local(spaced)) if w)


def _nearest_concepts(concept):
    asked = _camel_words(concept)
    scored = []
    for found in _FACTS['by_local'].values():
        have = _camel_words(found[0]['concept'])
        n = len(asked & have)
        if n and asked:
            scored.append((-n / max(len(asked), len(have)), found[0]['concept'], found))
    scored.sort(key=lambda x: (x[0], x[1]))
    if not scored:
        return '; this filing tags %d concepts' % len(_FACTS['by_local'])
    parts = []
    for _, name, found in scored[:3]:
        labels = []
        for f in sorted(found, key=_fact_end):
            label = f['label'] or _fact_end(f)
            if label not in labels:
                labels.append(label)
        parts.append('%s (%s)' % (name, ', '.join(labels[-4:])))
    return '; nearest concepts: ' + '; '.join(parts)


def _parse_period(text):
    t = ' '.join(str.split(str.upper(text)))
    if _ISO_DATE.fullmatch(t):
        return 'date', t
    m = _FY.fullmatch(t)
    if m:
        return 'label', 'FY' + m.group(1)
    m = _PERIOD_FIRST.fullmatch(t)
    if m:
        return 'label', '%s %s' % (m.group(1), m.group(2))
    m = _YEAR_FIRST.fullmatch(t)
    if m:
        return 'label', '%s %s' % (m.group(2), m.group(1))
    return 'bad', None


def _dims_match(have, want, loose=False):
    # Exactly the asked dimensions; or, loose, those and otherwise only
    # srt:ConsolidationItemsAxis (as shared/sandbox/fact-lookup.ts).
    asked = frozenset(_local(a) for a in want)
    extra = [a for a in have if _local(a) not in asked]
    if loose:
        if any(_local(a) != 'consolidationitemsaxis' for a in extra):
            return False
    elif len(have) != len(want):
        return False
    by_axis = {_local(a): m for a, m in have.items()}
    for axis, member in want.items():
        got = by_axis.get(_local(axis))
        if got is None or (str.lower(got) != str.lower(member) and _local(got) != _local(member)):
            return False
    return True


def _fact_copy(f):
    out = _FACT_TYPES[0](f['value'])
    out.concept = f['concept']
    out.period = dict(f['period'])
    out.label = f['label']
    out.dimensions = dict(f['dimensions'])
    out.unit = f['unit']
    out.decimals = f['decimals']
    out.value = f['value']
    out.scale = f['scale']
    out.base = f['base']
    out.cells = [dict(c) for c in f['cells']]
    return out


def _note_read(entry):
    if len(_READS) < _MAX_READS:
        _READS.append(entry)


def _fact(concept, period, dims=None):
    if type(concept) is not str or not str.strip(concept) or len(concept) > _MAX_NAME:
        raise TypeError('fact(concept, period, dims): concept must be a name such as '
                        '"us-gaap:Revenues" or "Revenues"')
    if type(period) is int:
        period = repr(period)
    if type(period) is not str or len(period) > _MAX_NAME:
        raise TypeError('fact(concept, period, dims): period must be a string such as '
                        '"FY2024", "Q3 2024" or "2024-12-31"')
    asked = {}
    if dims is not None:
        if type(dims) is not dict or len(dims) > 16:
            raise TypeError('fact(concept, period, dims): dims must be a dict {axis: member}')
        for axis, member in dict.items(dims):
            if (type(axis) is not str or type(member) is not str or len(axis) > _MAX_NAME
                    or len(member) > _MAX_NAME):
                raise TypeError('fact(concept, period, dims): dims must map axis names to '
                                'member names (strings)')
            asked[axis] = member
    _note_read(['fact', concept, period, dict(asked)])
    where = 'fact(%s, %s%s)' % (_json.dumps(concept), _json.dumps(period),
                                ', ' + _json.dumps(asked) if asked else '')

    def miss(message):
        return _FACT_TYPES[1](('%s: %s' % (where, message))[:1000])

    if not _FACTS['count']:
        raise miss('no tagged facts were given (the context has no inline XBRL filing)')
    found = _concept_facts(concept)
    if found is None:
        raise miss('no such concept' + _nearest_concepts(concept))
    kind, key = _parse_period(period)
    if kind == 'bad':
        raise miss(_PERIOD_USAGE)
    in_period = [f for f in found
                 if (f['label'] == key if kind == 'label' else _fact_end(f) == key)]
    matches = [f for f in in_period if _dims_match(f['dimensions'], asked)]
    if not matches and asked:
        matches = [f for f in in_period if _dims_match(f['dimensions'], asked, True)]
    if len(matches) == 1:
        return _fact_copy(matches[0])
    if matches:
        raise miss('%d facts match (%s); give the period as a label ("Q3 2024", "9M 2024") or '
                   'dimensions' % (len(matches), '; '.join(_describe_fact(f) for f in matches[:3])))
    if in_period:
        raise miss('no fact with %s in that period; nearest: %s' % (
            'those dimensions' if asked else 'no dimensions',
            '; '.join(_describe_fact(f) for f in in_period[:3])))
    wanted = [f for f in found if _dims_match(f['dimensions'], asked)] or found
    year = _re.search(r'\d{4}', key)

    def distance(f):
        end = _fact_end(f)
        if kind == 'date':
            a = _datetime_date.fromisoformat(end)
            b = _datetime_date.fromisoformat(key)
            return abs((a - b).days)
        return abs(int(end[:4]) - int(year.group(0))) if year else 0

    near = sorted(wanted, key=lambda f: (distance(f), _negated_text(_fact_end(f))))[:3]
    raise miss('no fact in that period; nearest: ' + '; '.join(_describe_fact(f) for f in near))


def _negated_text(text):
    # Later dates first among equals (sorted ascending): the code points negated.
    return tuple(-ord(c) for c in text)


def _facts(concept):
    if type(concept) is not str or len(concept) > _MAX_NAME:
        raise TypeError('facts(concept): concept must be a string')
    _note_read(['facts', concept])
    found = _concept_facts(concept)
    if found is None:
        raise _FACT_TYPES[1](('facts(%s): no such concept%s' % (
            _json.dumps(concept[:200]), _nearest_concepts(concept)))[:1000])
    ordered = sorted(found, key=lambda f: (_fact_end(f), len(f['dimensions'])))
    return [_fact_copy(f) for f in ordered]


# ---------------------------------------------------------------- results


def _json_value(value, depth=0):
    # Exact built-in values only leave here: the result is serialised after the program's
    # window has closed, when none of its code may run.
    if depth > 20:
        raise ValueError('the result is nested too deeply')
    t = type(value)
    if value is None or t is bool:
        return value
    if issubclass(t, int):
        value = int.__index__(value)
        return value if -2 ** 53 <= value <= 2 ** 53 else float(value)
    if issubclass(t, float):
        value = float.__float__(value)
        return value if _math.isfinite(value) else repr(value)
    if issubclass(t, str):
        return _text_copy(value)
    if issubclass(t, _NDARRAY):
        value = value.tolist()
        t = type(value)
    if issubclass(t, (list, tuple)):
        return [_json_value(v, depth + 1) for v in value][:10000]
    try:
        as_float = float(value)  # Decimal, Fraction
        return as_float if _math.isfinite(as_float) else repr(as_float)
    except Exception:
        return _text(value)


def _error(kind, message):
    return {'ok': False, 'error': {'kind': kind, 'message': _text_copy(message)}}


def _describe(e):
    try:
        name = _text(type(e).__name__)
    except Exception:
        name = 'Exception'
    try:
        text = _text(e)
    except Exception:
        text = '(its message could not be read)'
    return ('%s: %s' % (name, text) if text else name)[:500]


# ---------------------------------------------------------------- state shared between runs


def _shared_values():
    for name in ALLOWED + SUBMODULES:
        for value in list(vars(_sys.modules[name]).values()):
            yield value


def _class_snapshots():
    seen = {}
    for value in _shared_values():
        # Types flagged immutable (most C types) cannot be changed by a program anyway.
        if isinstance(value, type) and not value.__flags__ & (1 << 8):
            seen[id(value)] = (value, dict(value.__dict__))
    return list(seen.values())


def _instance_snapshots():
    # Module-level objects with attributes of their own (calendar.c, calendar.month_name,
    # the allowed modules' Python functions).
    seen = {}
    for value in _shared_values():
        if isinstance(value, (type, _types.ModuleType)):
            continue
        d = _getattr(value, '__dict__', None)
        if type(d) is dict:
            seen[id(value)] = (value, dict(d))
    return list(seen.values())


def _abc_snapshots():
    # What each abstract base class counts as registered (Sequence.register(X) must not
    # outlive the program).
    out = []
    for value in _shared_values():
        if isinstance(value, type) and '_abc_impl' in value.__dict__:
            out.append((value, _abc_registered(value)))
    return out


def _abc_registered(cls):
    return frozenset(id(r()) for r in _abc._get_dump(cls)[0] if r() is not None)


_CLASSES = _class_snapshots()
_INSTANCES = _instance_snapshots()
# The same snapshots as key and value tuples, so that "unchanged?" runs as C loops (map over
# dict.get and operator.is_): checked twice per program, this is most of a program's cost.
_CLASS_CHECKS = [(cls, tuple(saved), tuple(saved.values()), saved) for cls, saved in _CLASSES]
_INSTANCE_CHECKS = [(obj, tuple(saved), tuple(saved.values()), saved)
                    for obj, saved in _INSTANCES]
_IS = _operator.is_
_chain = _itertools.chain
_repeat = _itertools.repeat
_MAPPING_GET = _types.MappingProxyType.get
_STR_ONLY = frozenset((str,))
_DICT_OF = _operator.attrgetter('__dict__')
_CLASS_HOLDERS = tuple(cls for cls, _, _, _ in _CLASS_CHECKS)
_CLASS_LENS = tuple(len(keys) for _, keys, _, _ in _CLASS_CHECKS)
_CLASS_KEYS = tuple(k for _, keys, _, _ in _CLASS_CHECKS for k in keys)
_CLASS_VALUES = tuple(v for _, _, values, _ in _CLASS_CHECKS for v in values)
_INSTANCE_HOLDERS = tuple(obj for obj, _, _, _ in _INSTANCE_CHECKS)
_INSTANCE_DICTS = tuple(obj.__dict__ for obj in _INSTANCE_HOLDERS)
_INSTANCE_LENS = tuple(len(keys) for _, keys, _, _ in _INSTANCE_CHECKS)
_INSTANCE_KEYS = tuple(k for _, keys, _, _ in _INSTANCE_CHECKS for k in keys)
_INSTANCE_VALUES = tuple(v for _, _, values, _ in _INSTANCE_CHECKS for v in values)


def _nothing_changed():
    # Every check above at once, as C loops over flat tuples (about 20 times faster than one
    # Python loop per object): the same dict objects, the same sizes, only exact-str keys in
    # the instance dicts, and every saved key holding the same object. Any difference sends
    # _restore_shared_state down its object-by-object path.
    classes = tuple(map(_DICT_OF, _CLASS_HOLDERS))
    if tuple(map(len, classes)) != _CLASS_LENS:
        return False
    gets = map(_MAPPING_GET, _chain.from_iterable(map(_repeat, classes, _CLASS_LENS)),
               _CLASS_KEYS)
    if not all(map(_IS, gets, _CLASS_VALUES)):
        return False
    dicts = tuple(map(_DICT_OF, _INSTANCE_HOLDERS))
    if not all(map(_IS, dicts, _INSTANCE_DICTS)) or tuple(map(len, dicts)) != _INSTANCE_LENS:
        return False
    if not _STR_ONLY.issuperset(map(type, _chain.from_iterable(dicts))):
        return False
    gets = map(dict.get, _chain.from_iterable(map(_repeat, dicts, _INSTANCE_LENS)),
               _INSTANCE_KEYS)
    return all(map(_IS, gets, _INSTANCE_VALUES))
_ABCS = [(cls, saved, [r() for r in _abc._get_dump(cls)[0] if r() is not None])
         for cls, saved in _abc_snapshots()]
_SHARED_TYPES = frozenset(id(cls) for cls, _ in _CLASSES)
_NDARRAY = _sys.modules['numpy'].ndarray
_DECIMAL = _sys.modules['decimal']
_LOCALE = _locale.setlocale(_locale.LC_ALL)
_DECIMAL_CONTEXTS = [(ctx, ctx.copy()) for ctx in (
    _DECIMAL.DefaultContext, _DECIMAL.BasicContext, _DECIMAL.ExtendedContext)]


def _restore_shared_state():
    # What a program could change that outlives its globals: attributes of the standard
    # library's Python classes and module-level objects, abstract base class registrations,
    # the decimal contexts, calendar's first weekday, and the caches that keep a program's
    # values (re's and strptime's, keyed by the program's strings).
    if _nothing_changed():
        _restore_small_state()
        return
    for cls, keys, values, saved in _CLASS_CHECKS:
        current = cls.__dict__
        # Same size and every saved key holding the same object: nothing added, removed or
        # replaced.
        if len(current) == len(keys) and all(map(_IS, map(current.get, keys), values)):
            continue
        for key in [k for k in current if k not in saved]:
            type.__delattr__(cls, key)
        for key, value in saved.items():
            if current.get(key) is not value:
                type.__setattr__(cls, key, value)
    for obj, keys, values, saved in _INSTANCE_CHECKS:
        d = obj.__dict__
        # Keys other than exact strs (a str subclass a program slipped in through copy's
        # state) would run its __eq__ and __hash__ in the lookups: checked first, by type.
        if (len(d) == len(keys) and _STR_ONLY.issuperset(map(type, d))
                and all(map(_IS, map(d.get, keys), values))):
            continue
        d.clear()
        d.update(saved)
    _restore_small_state()


def _restore_small_state():
    for cls, saved, originals in _ABCS:
        if _abc_registered(cls) != saved:
            _abc._reset_registry(cls)
            for sub in originals:
                _abc._abc_register(cls, sub)
            _abc._reset_caches(cls)
    for ctx, saved in _DECIMAL_CONTEXTS:
        for attr in ('prec', 'rounding', 'Emin', 'Emax', 'capitals', 'clamp'):
            _setattr(ctx, attr, _getattr(saved, attr))
        ctx.clear_flags()
        ctx.clear_traps()
        for signal, on in saved.traps.items():
            if on:
                ctx.traps[signal] = True
    _DECIMAL.setcontext(_DECIMAL.Context(
        prec=28, rounding=_DECIMAL.ROUND_HALF_EVEN, Emin=-999999, Emax=999999, capitals=1,
        clamp=0, flags=[],
        traps=[_DECIMAL.InvalidOperation, _DECIMAL.DivisionByZero, _DECIMAL.Overflow]))
    _sys.modules['calendar'].setfirstweekday(0)
    if _locale.setlocale(_locale.LC_ALL) != _LOCALE:
        _locale.setlocale(_locale.LC_ALL, _LOCALE)  # calendar.different_locale left entered
    _sys.modules['re'].purge()
    _strptime._regex_cache.clear()


# ---------------------------------------------------------------- the audit hook

# While a program runs (the window: from before its compilation until its result is plain
# data), program code may be running anywhere, including inside the standard library.
_RUNNING = [False]
# The program's own compilation and its code object: the only ones allowed in the window.
_COMPILING = [False]
_PROGRAM_CODE = [None]
_PROGRAM_GLOBALS = [None]
_STDLIB = '/lib/python3'
_NAMEDTUPLE = _re.compile(
    r'lambda _cls, ((?:\w+, )*(?:\w+,?)?): _tuple_new\(_cls, \(\1\)\)')
_WINDOW_ALLOWED = frozenset((
    'builtins.id', 'sys.unraisablehook', 'sys._getframemodulename', 'import', 'os.listdir',
    'os.scandir', 'time.sleep', 'gc.collect',
))
# Outside the window only harness and Pyodide code runs; these nobody there does.
_NEVER = frozenset((
    'code.__new__', 'function.__new__', 'gc.get_objects', 'gc.get_referrers',
    'gc.get_referents', 'sys._current_frames', 'sys._current_exceptions', 'sys.remote_exec',
    'sys.addaudithook', 'subprocess.Popen', 'os.system', 'os.fork', 'os.forkpty', 'os.kill',
    'os.killpg', 'os.startfile', 'pty.spawn', 'webbrowser.open',
))
_NEVER_PREFIXES = ('socket.', 'ctypes.', 'os.exec', 'os.spawn', 'os.posix_spawn', 'urllib.',
                   'http.', 'ftplib.', 'smtplib.', 'poplib.', 'imaplib.', 'nntplib.')


def _only_names(code, allowed):
    if not frozenset(code.co_names) <= allowed:
        return False
    return all(_only_names(c, allowed) for c in code.co_consts if type(c) is _CODE)


def _audit_compile(args):
    source, filename = args[0], args[1]
    if _COMPILING[0] and (filename == '<program>' or filename is None):
        return True  # the harness parsing the program, then compiling its checked tree
    if type(filename) is not str:
        return False
    if _startswith(filename, _STDLIB):
        return True  # a standard library module imported for the first time
    # collections.namedtuple builds its __new__ from the validated field names.
    return (filename == '<string>' and type(source) is bytes
            and _NAMEDTUPLE.fullmatch(source.decode('utf-8', 'replace')) is not None)


def _audit_exec(args):
    code = args[0]
    if type(code) is not _CODE:
        return False
    if code is _PROGRAM_CODE[0]:
        return True
    if _startswith(code.co_filename, _STDLIB) and code.co_name == '<module>':
        return True
    return code.co_filename == '<string>' and _only_names(code, frozenset(('_tuple_new',)))


def _audit_open(args):
    path, mode = args[0], args[1]
    return (type(path) is str and _startswith(path, '/lib/')
            and (mode == 'r' or mode == 'rb'))


def _audit_setattr(args):
    # namedtuple sets __module__ on the class it made and __defaults__ on the __new__ it built;
    # nothing else may change a special attribute (__code__, __class__, __bases__…), and
    # nothing of a shared class or function.
    obj, name = args[0], args[1]
    if issubclass(type(obj), type):
        return (id(obj) not in _SHARED_TYPES
                and name in ('__module__', '__name__', '__qualname__', '__doc__'))
    if type(obj) is _FUNCTION and name in ('__defaults__', '__kwdefaults__'):
        owner = obj.__globals__
        return owner is _PROGRAM_GLOBALS[0] or '_tuple_new' in owner
    return False


_WINDOW_CHECKED = {
    'compile': _audit_compile,
    'exec': _audit_exec,
    'open': _audit_open,
    'object.__setattr__': _audit_setattr,
    'object.__delattr__': _audit_setattr,
}


_RUN_TIME_CODE = 'compiling or running code built at run time is not allowed in the sandbox'


def _audit(event, args):
    if _RUNNING[0]:
        if event in _WINDOW_ALLOWED:
            return
        check = _WINDOW_CHECKED.get(event)
        if check is not None and check(args):
            return
        if event == 'compile' or event == 'exec':
            raise RefusedName(_RUN_TIME_CODE)
        if event == 'object.__getattr__' and len(args) > 1:
            raise RefusedName("access to the attribute '%s' is not allowed in the sandbox"
                              % _text_copy(args[1]))
        raise RefusedName("'%s' is not allowed in the sandbox" % event)
    # Outside a program's window only the harness and Pyodide run (Pyodide compiles '<exec>'
    # and reads frames to format an error), and a program object collected late (an old
    # cycle's __del__). eval of a string ('<string>': eval, exec, string annotations) stays
    # refused here too: it is the one way around the syntax check.
    if event == 'compile':
        if args[1] == '<string>' and not _audit_compile(args):
            raise RefusedName(_RUN_TIME_CODE)
    elif event == 'exec':
        if type(args[0]) is _CODE and args[0].co_filename == '<string>' and not _audit_exec(args):
            raise RefusedName(_RUN_TIME_CODE)
    elif event in _NEVER or _startswith(event, _NEVER_PREFIXES):
        raise RefusedName("'%s' is not allowed in the sandbox" % event)


# ---------------------------------------------------------------- running a program


# Whether anything may have changed shared state since the last settle that completed: a
# program ran (set as its window opens), or a garbage collection ran outside a window (an old
# cycle of a program's objects, whose __del__ or weakref callbacks run then). Only program code
# can change shared state, and outside a window program code runs only from a collection.
_DIRTY = [True]


def _gc_watch(phase, info):
    if not _RUNNING[0]:
        _DIRTY[0] = True


_gc.callbacks.append(_gc_watch)


def _settle(before=False):
    # Inside the window: undo what the program changed, and let go of its objects while the
    # audit hook still treats their code as the program's (a __del__ runs now, not later).
    # Before a program, this is skipped when nothing can have changed since the last settle
    # (about half of a short program's cost).
    if before and not _DIRTY[0]:
        return
    try:
        _restore_shared_state()
    except Exception as e:
        # The next program must not see this one's changes: "fatal" makes the process
        # give up its interpreter (load-pyodide.ts), and the app starts a new one.
        raise SystemError('fatal: the sandbox could not restore its shared state (%s)'
                          % _text_copy(type(e).__name__))
    _gc.collect(1)
    if not before:
        _DIRTY[0] = False


def run_program(source, seed, max_log_chars, facts_json=''):
    # The window covers everything up to the JSON text: outside it only Pyodide runs.
    _load_facts(facts_json)
    _new_fact_types()
    _READS.clear()
    _RUNNING[0] = True
    try:
        result = _run(source, seed, max_log_chars)
        if _READS:
            result['reads'] = list(_READS)
            _READS.clear()
        try:
            return _json.dumps(result, allow_nan=False)
        except Exception as e:
            return _json.dumps(_error('python-error',
                                      'the result cannot be converted: ' + _describe(e)))
    finally:
        _RUNNING[0] = False


def _run(source, seed, max_log_chars):
    _out.parts = []
    _out.size = 0
    _out.limit = max_log_chars
    _out.truncated = False
    _settle(before=True)
    _DIRTY[0] = True
    _sys.modules['random'].seed(seed)
    code, result = _compile(source)
    if code is not None:
        result = _execute(code)
    result['logs'] = ''.join(_out.parts)
    result['logsTruncated'] = _out.truncated
    _out.parts = []
    _settle()
    return result


def _compile(source):
    _COMPILING[0] = True
    try:
        tree = _ast.parse(source, '<program>', 'exec')
        tree = _ast.fix_missing_locations(_Check().visit(tree))
        return compile(tree, '<program>', 'exec'), None
    except RefusedName as e:
        return None, _error('python-error', 'refused: ' + _text(e))
    except SyntaxError as e:
        return None, _error('python-error', 'SyntaxError: %s (line %s)' % (e.msg, e.lineno))
    except RecursionError:
        return None, _error('python-error', 'the program is nested too deeply to parse')
    except MemoryError:
        return None, _error('memory', 'ran out of memory while parsing the program')
    finally:
        _COMPILING[0] = False


def _execute(code):
    g = {'__name__': '__main__', '__builtins__': _restricted_builtins()}
    _PROGRAM_CODE[0] = code
    _PROGRAM_GLOBALS[0] = g
    try:
        exec(code, g)
        _PROGRAM_CODE[0] = None
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
        return _error('refused-module', _text(e))
    except RefusedName as e:
        return _error('python-error', 'refused: ' + _text(e))
    except KeyboardInterrupt:
        return _error('timeout', 'interrupted at its deadline')
    except MemoryError:
        return _error('memory', 'ran out of memory (the sandbox heap limit)')
    except RecursionError as e:
        return _error('python-error', _describe(e))
    except BaseException as e:
        return _error('python-error', _describe(e))
    finally:
        _PROGRAM_CODE[0] = None
        _PROGRAM_GLOBALS[0] = None
        g.clear()


_sys.addaudithook(_audit)
`;
