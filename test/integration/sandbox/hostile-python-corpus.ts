/**
 * Hostile Python programs for the Pyodide sandbox (issue 21), grouped by technique. Each one
 * tries to reach something a program must never hold (a real getattr, a frame, a function's
 * globals, sys, the real __import__, a JavaScript object) and, with it, to write a canary file
 * on the host, open a TCP connection to a listener of the test and start a process (`touch`).
 *
 * The programs are written to pass the sandbox's syntax check where the technique allows
 * (dunder names are built at run time with `d('class')`), so that the run-time layers are what
 * they meet. Whatever a program reaches past the harness is reported in its answer as
 * "FOOTHOLD …": a contained run never shows it (python-hostile-corpus.test.ts).
 */

export interface HostilePythonTargets {
  /** The file a program must not be able to write. */
  canary: string;
  /** The file `touch` would create if a program could start a process. */
  spawned: string;
  /** A TCP listener on 127.0.0.1 that must receive no connection. */
  port: number;
}

export interface HostilePythonCase {
  group: string;
  name: string;
  /** The technique; runs after the prelude (prelude helpers: d, S, via_*). */
  body: string;
}

/** What an escaped program would run as JavaScript (through Function, from a JsProxy). */
function jsPayload(t: HostilePythonTargets): string {
  return `var r = [];
function step(f) { try { r.push(String(f())); } catch (e) { r.push('blocked ' + e); } }
var p = typeof process !== 'undefined' ? process : undefined;
step(function () { p.getBuiltinModule('fs').writeFileSync(${JSON.stringify(t.canary)}, 'escaped'); return 'wrote'; });
step(function () { p.getBuiltinModule('child_process').execSync('touch ' + ${JSON.stringify(t.spawned)}); return 'spawned'; });
step(function () { p.getBuiltinModule('net').connect(${t.port}, '127.0.0.1'); return 'connecting'; });
return r.join('; ');`;
}

/**
 * Helpers every program starts with. `via_*` take what a technique reached and try the three
 * host actions with it; their answer starts with "FOOTHOLD" (no contained program gets there).
 */
export function hostilePrelude(t: HostilePythonTargets): string {
  return `CANARY = ${JSON.stringify(t.canary)}
SPAWNED = ${JSON.stringify(t.spawned)}
PORT = ${t.port}
JS = ${JSON.stringify(jsPayload(t))}


def d(name):
    # A dunder name built at run time, past the syntax check.
    return '_' * 2 + name + '_' * 2


class S(str):
    # The issue-21 string: it tells any check that asks it that it starts with nothing.
    def startswith(self, *a, **k):
        return False


def attempt(steps):
    out = []
    for step in steps:
        try:
            out.append('DID ' + str(step())[:80])
        except BaseException as e:
            out.append('blocked ' + type(e).__name__)
    return out


def via_js(proxy):
    return ['FOOTHOLD js'] + attempt([lambda: proxy.constructor.constructor(JS)()])


def via_import(imp):
    return ['FOOTHOLD import'] + attempt([
        lambda: imp('builtins').open(CANARY, 'w').write('escaped'),
        lambda: imp('os').system('touch ' + SPAWNED),
        lambda: imp('subprocess').run(['touch', SPAWNED]),
        lambda: imp('socket').create_connection(('127.0.0.1', PORT), 2),
        lambda: via_js(imp('pyodide.ffi', None, None, ['to_js'], 0).to_js([1])),
    ])


def via_sys(sys):
    mods = sys.modules

    def imp(name, *rest):
        return mods[name] if name in mods else mods['importlib'].import_module(name)
    return ['FOOTHOLD sys'] + via_import(imp)


def via_globals(g):
    for key in ('sys', '_sys'):
        if key in g:
            return ['FOOTHOLD globals'] + via_sys(g[key])
    for value in list(g.values()):
        if type(getattr(value, 'modules', None)) is dict:
            return ['FOOTHOLD globals'] + via_sys(value)
    return ['FOOTHOLD globals ' + ','.join(sorted(str(k) for k in g)[:20])]


def via_getattr(ga):
    # A getattr that checks nothing: subclasses, then a function's globals, then sys.
    for c in ga(object, d('subclasses'))():
        try:
            g = ga(ga(c, '__init__'), d('globals'))
        except BaseException:
            continue
        if type(g) is dict and 'sys' in g:
            return ['FOOTHOLD getattr'] + via_sys(g['sys'])
    return ['FOOTHOLD getattr']


def via_subclasses(classes):
    # Every class of the interpreter: Pyodide's CodeRunner runs source with real builtins.
    for c in classes:
        if c.__name__ == 'CodeRunner':
            src = 'import os\\nos.system("touch " + %r)\\nopen(%r, "w").write("escaped")' % (SPAWNED, CANARY)
            return ['FOOTHOLD subclasses'] + attempt([lambda: c(src).compile().run({})])
    return ['FOOTHOLD subclasses %d' % len(classes)]


def via_frame(frame):
    return ['FOOTHOLD frame'] + via_globals(getattr(frame, 'f_' + 'globals'))


def via_anything(x):
    # Whatever came back: a dict of globals, a module, a list of classes, a getattr.
    if type(x) is dict:
        return via_globals(x)
    if type(x) is list:
        return via_subclasses(x)
    if type(getattr(x, 'modules', None)) is dict:
        return via_sys(x)
    return ['FOOTHOLD ' + type(x).__name__]

`;
}

const c = (group: string, name: string, body: string): HostilePythonCase => ({
  group,
  name,
  body,
});

const STR_NAMES = 'str subclasses and other names that lie';
const ATTRGETTER = 'operator.attrgetter / methodcaller';
const DICTS = 'vars, __dict__, __getattribute__, functools.wraps';
const FRAMES = 'frames, generators, coroutines, tracebacks';
const GC = 'gc';
const CLASSES = 'decorators, metaclasses, class hooks, type()';
const FORMAT = 'format strings';
const PICKLE = 'pickling and copy';
const CODECS = 'codecs';
const IMPORTS = 'imports and import hooks';
const EVAL = 'code built at run time';
const SITE = 'site builtins (help, license, open…)';
const BUILTINS = '__builtins__ and the harness functions';
const MODULES = 'module copies and sys.modules';
const SUBSET = 'numpy/scipy subset internals';
const EXCEPTIONS = 'exceptions and late code';
const DIRECT = 'sockets, processes and files directly';

export const HOSTILE_PYTHON_CASES: readonly HostilePythonCase[] = [
  // ------------------------------------------------------------ str subclasses (issue 21)
  c(
    STR_NAMES,
    'the issue-21 reproduction, verbatim',
    `class S(str):
    def startswith(self, *a, **k): return False
for c in getattr(object, S("__subclasses__"))():
    g = getattr(getattr(c, "__init__"), S("__globals__"), {})
    if "sys" in g: break
ffi = getattr(g["sys"].modules["builtins"], S("__import__"))("pyodide.ffi", None, None, ["to_js"], 0)
answer = ffi.to_js([1]).constructor.constructor("return process.getBuiltinModule('child_process').execSync('id').toString()")()`,
  ),
  c(
    STR_NAMES,
    'the reproduction with names built at run time',
    `g = {}
for k in getattr(object, S(d('subclasses')))():
    g = getattr(getattr(k, '__init__'), S(d('globals')), {})
    if 'sys' in g:
        break
answer = via_import(getattr(g['sys'].modules['builtins'], S(d('import'))))`,
  ),
  c(
    STR_NAMES,
    'split overridden, through a dotted attrgetter',
    `import operator
class T(str):
    def split(self, *a, **k): return ['real']
    def startswith(self, *a, **k): return False
answer = via_subclasses(operator.attrgetter(T('real.' + d('class') + '.' + d('base') + '.' + d('subclasses')))(1)())`,
  ),
  c(
    STR_NAMES,
    '__eq__ and __hash__ overridden to look like an open name',
    `class T(str):
    def __eq__(self, other): return True
    def __ne__(self, other): return False
    def __hash__(self): return hash('__init__')
    def startswith(self, *a, **k): return False
answer = via_subclasses(getattr(object, T(d('subclasses')))())`,
  ),
  c(
    STR_NAMES,
    '__str__, lower and casefold overridden',
    `class T(str):
    def __str__(self): return 'real'
    def lower(self): return 'real'
    def casefold(self): return 'real'
    def startswith(self, *a, **k): return False
answer = via_subclasses(getattr(object, T(d('subclasses')))())`,
  ),
  c(
    STR_NAMES,
    '__getitem__ and __len__ overridden (name[0] == "_" checks)',
    `class T(str):
    def __getitem__(self, i): return 'x'
    def __len__(self): return 0
    def startswith(self, *a, **k): return False
answer = via_subclasses(getattr(object, T(d('subclasses')))())`,
  ),
  c(
    STR_NAMES,
    'a str subclass whose __class__ claims to be str',
    `T = type('T', (str,), {d('class'): property(lambda self: str), 'startswith': lambda self, *a: False})
answer = via_subclasses(getattr(object, T(d('subclasses')))())`,
  ),
  c(
    STR_NAMES,
    'hasattr with a lying name, then getattr with a plain one',
    `ok = hasattr(object, S(d('subclasses')))
answer = via_subclasses(getattr(object, d('subclasses'))())`,
  ),
  c(
    STR_NAMES,
    'setattr with a lying name (replacing a harness function)',
    `setattr(getattr, S(d('code')), (lambda o, n: 0).__init__)
answer = ['FOOTHOLD setattr']`,
  ),
  c(
    STR_NAMES,
    'delattr with a lying name',
    `class A: pass
delattr(A, S(d('doc')))
answer = ['FOOTHOLD delattr']`,
  ),
  c(
    STR_NAMES,
    '__import__ of a lying module name',
    `class M(str):
    def split(self, *a, **k): return ['math']
    def partition(self, *a, **k): return ('math', '', '')
    def __eq__(self, other): return True
    def __ne__(self, other): return False
    def __hash__(self): return hash('pyodide.ffi')
answer = via_js(__import__(M('pyodide.ffi')).to_js([1]))`,
  ),
  c(
    STR_NAMES,
    'fromlist items that lie',
    `m = __import__('math', None, None, [S(d('loader'))], 0)
answer = via_anything(getattr(m, d('loader')))`,
  ),
  c(
    STR_NAMES,
    'functools.partial around getattr',
    `import functools
grab = functools.partial(getattr, object)
answer = via_subclasses(grab(S(d('subclasses')))())`,
  ),
  c(
    STR_NAMES,
    'map(getattr, …) with lying names',
    `answer = via_subclasses(list(map(getattr, [object], [S(d('subclasses'))]))[0]())`,
  ),
  c(
    STR_NAMES,
    'collections.UserString as a name',
    `import collections
answer = via_subclasses(getattr(object, collections.UserString(d('subclasses')))())`,
  ),
  c(
    STR_NAMES,
    'bytes as a name',
    `answer = via_subclasses(getattr(object, d('subclasses').encode())())`,
  ),
  c(
    STR_NAMES,
    'methodcaller with a lying name',
    `import operator
answer = via_subclasses(operator.methodcaller(S(d('subclasses')))(object))`,
  ),
  c(
    STR_NAMES,
    'a str subclass of a str subclass',
    `class T(S):
    def __contains__(self, x): return False
answer = via_subclasses(getattr(type, T(d('subclasses')))(object))`,
  ),
  c(
    STR_NAMES,
    'getattr default path with a lying name',
    `answer = via_globals(getattr(len, S(d('globals')), None) or getattr(via_js, S(d('globals'))))`,
  ),
  c(
    STR_NAMES,
    'a lying name for a frame attribute',
    `def gen():
    yield 1
class T(str):
    def startswith(self, *a, **k): return False
    def __eq__(self, o): return False
    def __hash__(self): return 7
answer = via_frame(getattr(gen(), T('gi_frame')))`,
  ),

  // ------------------------------------------------------------ attrgetter / methodcaller
  c(
    ATTRGETTER,
    'attrgetter of a dunder built at run time',
    `import operator
answer = via_subclasses(operator.attrgetter(d('class') + '.' + d('base') + '.' + d('subclasses'))(1)())`,
  ),
  c(
    ATTRGETTER,
    "a new attrgetter from the returned getter's class",
    `import operator
maker = type(operator.attrgetter('real'))
answer = via_subclasses(maker(d('subclasses'))(object)())`,
  ),
  c(
    ATTRGETTER,
    "a new methodcaller from the returned caller's class",
    `import operator
maker = type(operator.methodcaller('real'))
answer = via_subclasses(maker(d('subclasses'))(object))`,
  ),
  c(
    ATTRGETTER,
    'methodcaller of a dunder built at run time',
    `import operator
answer = via_subclasses(operator.methodcaller(d('subclasses'))(object))`,
  ),
  c(
    ATTRGETTER,
    'attrgetter with several names, one hidden',
    `import operator
answer = via_globals(operator.attrgetter('real', d('globals'))(via_js)[1])`,
  ),
  c(
    ATTRGETTER,
    'functools.reduce(getattr) along a dotted path',
    `import functools
answer = via_globals(functools.reduce(getattr, [d('init'), d('globals')], via_js))`,
  ),
  c(
    ATTRGETTER,
    'attrgetter reaching a frame attribute',
    `import operator
def gen():
    yield 1
answer = via_frame(operator.attrgetter('gi_frame')(gen()))`,
  ),
  c(
    ATTRGETTER,
    'the real attrgetter looked for among the module copy',
    `import operator
found = [n for n in dir(operator) if 'getter' in n or 'caller' in n]
real = [getattr(operator, n) for n in found if type(getattr(operator, n)) is type]
answer = via_subclasses(real[0](d('subclasses'))(object)()) if real else 'no real attrgetter: ' + ','.join(found)`,
  ),

  // ------------------------------------------------------------ vars, __dict__, __getattribute__
  c(DICTS, 'vars() of a type', `answer = via_anything(vars(type)[d('subclasses')](object))`),
  c(
    DICTS,
    'object.__getattribute__ through getattr',
    `ga = getattr(object, d('getattribute'))
answer = via_globals(ga(via_js, d('globals')))`,
  ),
  c(
    DICTS,
    "type's __dict__ item through getattr",
    `answer = via_subclasses(getattr(type, d('dict'))[d('subclasses')](object))`,
  ),
  c(
    DICTS,
    "functools.update_wrapper copying type's __dict__ into a catcher",
    `import functools
class Catcher(dict):
    pass
box = Catcher()
W = type('W', (), {d('dict'): property(lambda self: box)})
try:
    functools.update_wrapper(W(), type)
except Exception:
    pass
answer = via_subclasses(box[d('subclasses')](object)) if d('subclasses') in box else 'kept out: ' + ','.join(sorted(box))[:200]`,
  ),
  c(
    DICTS,
    'functools.wraps with a hidden name in assigned',
    `import functools
seen = {}
class Catch:
    def __setattr__(self, name, value):
        seen[name] = value
functools.wraps(via_js, assigned=[d('globals')])(Catch())
answer = via_globals(seen[d('globals')])`,
  ),
  c(
    DICTS,
    'functools.wraps with a hidden name in updated',
    `import functools
class Box:
    pass
b = Box()
setattr_name = d('globals')
functools.update_wrapper(b, via_js, assigned=(), updated=[setattr_name])
answer = ['FOOTHOLD updated']`,
  ),
  c(
    DICTS,
    "functools.wraps with 'format' in assigned (the real str.format)",
    `import functools
seen = {}
class Catch:
    def __setattr__(self, name, value):
        seen[name] = value
functools.wraps('{0.' + d('class') + '}', assigned=['format'])(Catch())
answer = ['FOOTHOLD ' + seen['format'](1)]`,
  ),
  c(
    DICTS,
    'super().__getattribute__ through getattr',
    `class A:
    def grab(self):
        return getattr(super(), d('getattribute'))
answer = via_globals(A().grab()(d('globals')))`,
  ),
  c(
    DICTS,
    'every attribute of object by dir()',
    `answer = via_subclasses([getattr(type, n) for n in dir(type)][0](object))`,
  ),
  c(
    DICTS,
    'singledispatch registry (a mappingproxy): contained',
    `import functools
@functools.singledispatch
def f(x):
    return 0
reg = f.registry
answer = [str(k) for k in reg]`,
  ),

  // ------------------------------------------------------------ frames
  c(
    FRAMES,
    'generator frame through getattr',
    `def gen():
    yield 1
answer = via_frame(getattr(gen(), 'gi_' + 'frame'))`,
  ),
  c(
    FRAMES,
    'generator frame, syntax',
    `def gen():
    yield 1
answer = via_frame(gen().gi_frame)`,
  ),
  c(
    FRAMES,
    'a traceback handed to __exit__',
    `class Catch:
    def __enter__(self):
        return self
    def __exit__(self, t, v, tb):
        self.tb = tb
        return True
box = Catch()
with box:
    1 / 0
answer = via_frame(getattr(box.tb, 'tb_' + 'frame'))`,
  ),
  c(
    FRAMES,
    'exception __traceback__ through getattr',
    `try:
    1 / 0
except Exception as e:
    tb = getattr(e, d('traceback'))
answer = via_frame(getattr(tb, 'tb_' + 'frame'))`,
  ),
  c(
    FRAMES,
    'coroutine frame',
    `async def co():
    return 1
x = co()
answer = via_frame(getattr(x, 'cr_' + 'frame'))`,
  ),
  c(
    FRAMES,
    'async generator frame',
    `async def ag():
    yield 1
answer = via_frame(getattr(ag(), 'ag_' + 'frame'))`,
  ),
  c(
    FRAMES,
    "the harness's frame: f_back of a running generator",
    `def gen():
    yield 1
g = gen()
next(g)
f = getattr(g, 'gi_' + 'frame')
answer = via_frame(getattr(f, 'f_' + 'back'))`,
  ),
  c(
    FRAMES,
    'generator code object',
    `def gen():
    yield 1
code = getattr(gen(), 'gi_' + 'code')
answer = ['FOOTHOLD code ' + str(code)]`,
  ),
  c(
    FRAMES,
    'traceback chain through attrgetter',
    `import operator
try:
    1 / 0
except Exception as e:
    err = e
answer = via_globals(operator.attrgetter(d('traceback') + '.tb_frame.f_globals')(err))`,
  ),
  c(
    FRAMES,
    'a frame read inside a format field',
    `def gen():
    yield 1
answer = ['FOOTHOLD ' + '{0.gi_frame.f_globals}'.format(gen())]`,
  ),
  c(
    FRAMES,
    'gi_yieldfrom of a delegating generator',
    `def inner():
    yield 1
def outer():
    yield from inner()
o = outer()
next(o)
answer = via_frame(getattr(getattr(o, 'gi_' + 'yieldfrom'), 'gi_' + 'frame'))`,
  ),
  c(
    FRAMES,
    'a frame through __exit__ then tb_next',
    `class Catch:
    def __enter__(self):
        return self
    def __exit__(self, t, v, tb):
        self.tb = tb
        return True
def boom():
    1 / 0
box = Catch()
with box:
    boom()
answer = via_frame(getattr(getattr(box.tb, 'tb_' + 'next'), 'tb_' + 'frame'))`,
  ),

  // ------------------------------------------------------------ gc
  c(
    GC,
    'import gc',
    `import gc
answer = via_anything([o for o in gc.get_objects() if type(o) is dict and 'sys' in o][0])`,
  ),
  c(
    GC,
    '__import__ of gc with a built name',
    `gc = __import__('g' + 'c')
answer = via_anything(gc.get_referrers(object)[0])`,
  ),
  c(
    GC,
    'gc looked for in every allowed module',
    `mods = [__import__(m) for m in ('math', 'functools', 'collections', 'copy', 'random', 'json', 're')]
found = [m for m in mods if hasattr(m, 'gc') or hasattr(m, 'get_objects')]
answer = via_anything(found[0].gc) if found else 'no gc'`,
  ),

  // ------------------------------------------------------------ classes
  c(
    CLASSES,
    'a decorator using a lying getattr',
    `def grab(fn):
    return getattr(fn, S(d('globals')))
@grab
def f():
    pass
answer = via_globals(f)`,
  ),
  c(
    CLASSES,
    '__prepare__ handing the class body other builtins',
    `class Meta(type):
    @classmethod
    def __prepare__(mcs, name, bases):
        ns = {}
        ns[d('builtins')] = {'getattr': None}
        return ns
class X(metaclass=Meta):
    grab = getattr
answer = via_getattr(X.grab)`,
  ),
  c(
    CLASSES,
    'a metaclass __getattribute__ answering for a class',
    `class Meta(type):
    def __getattribute__(cls, name):
        return type.mro
class X(metaclass=Meta):
    pass
answer = via_anything(X.anything(type))`,
  ),
  c(
    CLASSES,
    '__init_subclass__ and __set_name__ hooks',
    `got = []
class Base:
    def __init_subclass__(cls, **kw):
        got.append(getattr(cls, S(d('dict'))))
class D:
    def __set_name__(self, owner, name):
        got.append(owner)
class X(Base):
    y = D()
answer = via_anything(got[0])`,
  ),
  c(
    CLASSES,
    '__class_getitem__ and generic aliases',
    `class X:
    def __class_getitem__(cls, item):
        return getattr(item, S(d('globals')))
answer = via_globals(X[via_js])`,
  ),
  c(
    CLASSES,
    'type() three-arg with dunder keys, then calendar.global_enum',
    `import calendar
X = type('X', (), {d('module'): 'builtins', d('members'): {'getattr': print}})
answer = ['FOOTHOLD global_enum', str(calendar.global_enum(X))]`,
  ),
  c(
    CLASSES,
    'type() three-arg with a literal dunder key (syntax)',
    `X = type('X', (), {'__module__': 'builtins'})
answer = ['FOOTHOLD type']`,
  ),
  c(
    CLASSES,
    'a class with __getattr__ fed a hidden name by the harness',
    `class Probe:
    def __getattr__(self, name):
        raise AttributeError(name)
p = Probe()
answer = via_anything(getattr(p, d('globals')))`,
  ),
  c(
    CLASSES,
    'super() proxy of type',
    `answer = via_subclasses(getattr(super(type, type), d('subclasses'))())`,
  ),
  c(
    CLASSES,
    "__slots__ and descriptors on the class's own dict",
    `X = type('X', (), {d('slots'): ('a',)})
answer = [str(getattr(X, 'a'))]`,
  ),
  c(
    CLASSES,
    'a property on a harness function reaching its globals',
    `p = property(lambda self: getattr(getattr, d('globals')))
class X:
    g = p
answer = via_globals(X().g)`,
  ),

  // ------------------------------------------------------------ format strings
  c(
    FORMAT,
    'a format field reading __class__ (built at run time)',
    `fmt = '{0.' + d('class') + '.' + d('base') + '}'
answer = ['FOOTHOLD ' + fmt.format(1)]`,
  ),
  c(
    FORMAT,
    'a nested format spec field',
    `fmt = '{0:{1.' + d('class') + '}}'
answer = ['FOOTHOLD ' + fmt.format(1, 2)]`,
  ),
  c(
    FORMAT,
    'str.format_map through getattr',
    `fm = getattr('{0.' + d('globals') + '}', 'format_' + 'map')
answer = ['FOOTHOLD ' + fm({'0': via_js})]`,
  ),
  c(
    FORMAT,
    'unbound str.format',
    `answer = ['FOOTHOLD ' + str.format('{0.' + d('globals') + '}', via_js)]`,
  ),
  c(
    FORMAT,
    'super().format in a str subclass',
    `class T(str):
    def leak(self, x):
        return super().format(x)
answer = ['FOOTHOLD ' + T('{0.' + d('globals') + '}').leak(via_js)]`,
  ),
  c(
    FORMAT,
    'collections.UserString.format',
    `import collections
answer = ['FOOTHOLD ' + collections.UserString('{0.' + d('globals') + '}').format(via_js)]`,
  ),
  c(
    FORMAT,
    'methodcaller("format")',
    `import operator
answer = ['FOOTHOLD ' + operator.methodcaller('format', via_js)('{0.' + d('globals') + '}')]`,
  ),
  c(
    FORMAT,
    'attrgetter("format")',
    `import operator
answer = ['FOOTHOLD ' + operator.attrgetter('format')('{0.' + d('globals') + '}')(via_js)]`,
  ),
  c(
    FORMAT,
    'an auto-numbered field',
    `answer = ['FOOTHOLD ' + ('{.' + d('globals') + '}').format(via_js)]`,
  ),
  c(
    FORMAT,
    'map(str.format, …)',
    `answer = ['FOOTHOLD ' + list(map(str.format, ['{0.' + d('globals') + '}'], [via_js]))[0]]`,
  ),
  c(
    FORMAT,
    'functools.partial(str.format)',
    `import functools
answer = ['FOOTHOLD ' + functools.partial(str.format, '{0.' + d('globals') + '}')(via_js)]`,
  ),
  c(
    FORMAT,
    'getattr(str, "format") then a hidden field',
    `answer = ['FOOTHOLD ' + getattr(str, 'format')('{0.' + d('globals') + '}', via_js)]`,
  ),
  c(FORMAT, 'string.Formatter', `import string\nanswer = string.Formatter().format('{0}', 1)`),
  c(FORMAT, 'a dunder in an f-string (syntax)', `answer = f'{via_js.__globals__}'`),
  c(
    FORMAT,
    'format() with a __format__ hook: contained',
    `class F:
    def __format__(self, spec):
        return 'spec=' + spec
answer = [format(F(), 'x'), '{0:y}'.format(F()), '{0[k]}'.format({'k': 5})]`,
  ),

  // ------------------------------------------------------------ pickling and copy
  c(
    PICKLE,
    'copy.copy with __reduce_ex__ returning getattr',
    `import copy
class A:
    def __reduce_ex__(self, proto):
        return (getattr, (object, S(d('subclasses'))))
answer = via_anything(copy.copy(A())())`,
  ),
  c(
    PICKLE,
    "copy's slot state setting print's __kwdefaults__ (a harness function)",
    `import copy
class A:
    def __reduce_ex__(self, proto):
        return (lambda: print, (), (None, {d('kwdefaults'): {'sep': S('x'), 'end': '', 'file': None, 'flush': False}}))
copy.copy(A())
answer = ['FOOTHOLD kwdefaults']`,
  ),
  c(
    PICKLE,
    "copy's slot state setting __class__ of a module copy",
    `import copy, math
class Mod(type(math)):
    def __getattr__(self, name):
        return name
class A:
    def __reduce_ex__(self, proto):
        return (lambda: math, (), (None, {d('class'): Mod}))
copy.copy(A())
answer = ['FOOTHOLD ' + str(getattr(math, d('loader')))]`,
  ),
  c(
    PICKLE,
    '__reduce_ex__ of a builtin through getattr',
    `answer = via_anything(getattr(1, d('reduce_ex'))(2)[0])`,
  ),
  c(PICKLE, 'import pickle', `import pickle\nanswer = pickle.loads(b'cos\\nsystem\\n.')`),
  c(PICKLE, 'import copyreg', `import copyreg\nanswer = copyreg.dispatch_table`),
  c(
    PICKLE,
    'copy.dispatch_table changed for later programs: contained',
    `import copy
copy.dispatch_table[int] = lambda x: (print, ('hijacked',))
answer = [copy.copy(5)]`,
  ),

  // ------------------------------------------------------------ codecs
  c(CODECS, 'import codecs', `import codecs\nanswer = codecs.lookup('utf-8')`),
  c(
    CODECS,
    '_codecs through __import__',
    `answer = via_anything(__import__('_co' + 'decs').lookup('utf-8'))`,
  ),
  c(
    CODECS,
    'codec lookup imports: contained',
    `answer = ['x'.encode('idna').decode(), b'\\\\x41'.decode('unicode_escape'), 'abc'.encode('utf-16')[:2].hex()]`,
  ),
  c(
    CODECS,
    'codec machinery reached through an encoding error',
    `try:
    'x'.encode('no-such-codec')
except LookupError as e:
    err = e
answer = via_globals(getattr(getattr(err, d('traceback')), 'tb_' + 'frame'))`,
  ),

  // ------------------------------------------------------------ imports
  c(IMPORTS, 'sys.meta_path', `import sys\nsys.meta_path.insert(0, None)\nanswer = via_sys(sys)`),
  c(IMPORTS, 'importlib', `import importlib\nanswer = via_import(importlib.import_module)`),
  c(
    IMPORTS,
    '__import__ of pyodide.ffi',
    `answer = via_js(__import__('pyodide.ffi', None, None, ['to_js'], 0).to_js([1]))`,
  ),
  c(IMPORTS, 'import js', `import js\nanswer = via_js(js)`),
  c(
    IMPORTS,
    '__import__ of _pyodide._base',
    `answer = via_subclasses([__import__('_pyodide._base', None, None, ['CodeRunner'], 0).CodeRunner])`,
  ),
  c(IMPORTS, 'import pyodide_js', `import pyodide_js\nanswer = via_js(pyodide_js)`),
  c(IMPORTS, 'a relative import', `answer = via_anything(__import__('os', None, None, [], 1))`),
  c(
    IMPORTS,
    'a submodule outside the allowlist',
    `answer = via_anything(__import__('collections.' + d('init')))`,
  ),
  c(
    IMPORTS,
    "the empty module a program gets for strptime's helper",
    `m = __import__('_strptime', None, None, [d('doc')], 0)
answer = via_anything(getattr(m, 'sys', None) or getattr(m, 're'))`,
  ),
  c(
    IMPORTS,
    'a module loader through getattr',
    `import math
answer = via_anything(getattr(math, d('loader')).load_module('os'))`,
  ),
  c(
    IMPORTS,
    '__import__ with a non-int level',
    `class L(int):
    def __ne__(self, o): return False
answer = via_anything(__import__('os', None, None, [], L(1)))`,
  ),

  // ------------------------------------------------------------ code built at run time
  c(
    EVAL,
    'a string annotation evaluated by functools.singledispatch',
    `import functools
@functools.singledispatch
def f(x):
    return 0
def grab(x: "().__class__.__base__.__subclasses__()"):
    return 1
f.register(grab)
answer = ['FOOTHOLD annotation']`,
  ),
  c(
    EVAL,
    'a namedtuple field name carrying code',
    `import collections
P = collections.namedtuple('P', ['a', 'b=__import__("os").system("touch " + SPAWNED)'])
answer = ['FOOTHOLD namedtuple']`,
  ),
  c(
    EVAL,
    'a namedtuple typename carrying code',
    `import collections
P = collections.namedtuple('P(a): __import__("os")#', ['a'])
answer = ['FOOTHOLD namedtuple']`,
  ),
  c(EVAL, 'eval', `answer = eval('1 + 1')`),
  c(EVAL, 'exec', `exec('import os')\nanswer = 1`),
  c(EVAL, 'compile', `answer = compile('1', 'x', 'eval')`),
  c(
    EVAL,
    'json object_hook and re callbacks: contained',
    `import json, re
answer = [json.loads('{"a": 1}', object_hook=lambda o: sorted(o)), re.sub('a', lambda m: 'b', 'aa')]`,
  ),

  // ------------------------------------------------------------ site builtins
  c(SITE, 'help()', `answer = help(object)`),
  c(SITE, 'license()', `answer = license()`),
  c(SITE, 'copyright and credits', `answer = [str(copyright), str(credits)]`),
  c(SITE, 'exit and quit', `answer = [exit, quit]`),
  c(SITE, 'input()', `answer = input()`),
  c(SITE, 'open()', `open(CANARY, 'w').write('escaped')\nanswer = ['FOOTHOLD open']`),
  c(SITE, 'breakpoint()', `breakpoint()\nanswer = 1`),
  c(
    SITE,
    '__build_class__ and __loader__ (syntax)',
    `answer = [__build_class__, __loader__, __spec__]`,
  ),

  // ------------------------------------------------------------ builtins
  c(SITE, 'globals()', `answer = via_globals(globals())`),
  c(
    BUILTINS,
    'len.__self__ (the real builtins module)',
    `answer = via_anything(getattr(len, d('self')))`,
  ),
  c(
    BUILTINS,
    "getattr's own globals (the harness)",
    `answer = via_globals(getattr(getattr, d('globals')))`,
  ),
  c(BUILTINS, "print's globals", `answer = via_globals(getattr(print, d('globals')))`),
  c(
    BUILTINS,
    "__import__'s globals and closure",
    `answer = via_globals(getattr(__import__, d('globals')) or getattr(__import__, d('closure')))`,
  ),
  c(
    BUILTINS,
    "a function's __builtins__",
    `answer = via_getattr(getattr(lambda: 0, d('builtins'))['getattr'])`,
  ),
  c(BUILTINS, 'import builtins', `import builtins\nanswer = via_getattr(builtins.getattr)`),
  c(BUILTINS, '__builtins__ (syntax)', `answer = via_getattr(__builtins__['getattr'])`),
  c(BUILTINS, 'import math as __builtins__ (syntax)', `import math as __builtins__\nanswer = 1`),
  c(
    BUILTINS,
    'the harness format helper by its name',
    `answer = [n for n in dir() if ' ' in n or 'format' in n]`,
  ),

  // ------------------------------------------------------------ module copies
  c(
    MODULES,
    'random._os through a lying name',
    `import random\nanswer = via_anything(getattr(random, S('_os')).system)`,
  ),
  c(MODULES, 'fractions.sys', `import fractions\nanswer = via_sys(fractions.sys)`),
  c(
    MODULES,
    "a bound method's __self__ and __func__ globals",
    `import random
answer = via_globals(getattr(getattr(random.seed, d('func')), d('globals')))`,
  ),
  c(MODULES, 'json.decoder (a submodule)', `import json\nanswer = via_anything(json.decoder)`),
  c(
    MODULES,
    'calendar.global_enum',
    `import calendar\nanswer = ['FOOTHOLD', str(calendar.global_enum)]`,
  ),
  c(
    MODULES,
    'datetime.datetime_CAPI',
    `import datetime\nanswer = ['FOOTHOLD', str(datetime.datetime_CAPI)]`,
  ),
  c(
    MODULES,
    'any module object among the allowed modules',
    `names = ['math', 'cmath', 'decimal', 'fractions', 'statistics', 'datetime', 'itertools', 'functools',
         'collections', 're', 'json', 'random', 'heapq', 'bisect', 'copy', 'numbers', 'calendar',
         'operator', 'time', 'numpy', 'scipy']
found = []
for n in names:
    m = __import__(n)
    for a in dir(m):
        if a.startswith('_'):
            continue
        v = getattr(m, a)
        if type(v) is type(m) and a not in ('abc', 'stats', 'special'):
            found.append(n + '.' + a)
        if type(getattr(v, 'modules', None)) is dict:
            found.append('FOOTHOLD sys-like ' + n + '.' + a)
answer = found`,
  ),
  c(
    MODULES,
    'any real getattr, eval or import among the allowed modules',
    `names = ['math', 'cmath', 'decimal', 'fractions', 'statistics', 'datetime', 'itertools', 'functools',
         'collections', 're', 'json', 'random', 'heapq', 'bisect', 'copy', 'numbers', 'calendar',
         'operator', 'time', 'numpy', 'scipy']
found = []
for n in names:
    m = __import__(n)
    for a in dir(m):
        if a.startswith('_'):
            continue
        v = getattr(m, a)
        if repr(v) in ['<built-in function %s>' % f for f in ('getattr', 'setattr', 'eval', 'exec', 'compile', 'vars', 'open', 'globals', d('import'))]:
            found.append('FOOTHOLD ' + n + '.' + a)
answer = found`,
  ),
  c(
    MODULES,
    'calendar.mdays changed for later programs: contained',
    `import calendar
calendar.mdays[2] = 99
answer = [calendar.monthrange(2023, 2)[1]]`,
  ),

  // ------------------------------------------------------------ numpy/scipy subset
  c(
    SUBSET,
    "np.sqrt's globals through a lying name",
    `import numpy as np\nanswer = via_globals(getattr(np.sqrt, S(d('globals'))))`,
  ),
  c(
    SUBSET,
    "an array's storage",
    `import numpy as np\nanswer = via_anything(getattr(np.array([1]), '_' + 'v'))`,
  ),
  c(
    SUBSET,
    "a frozen distribution's internals",
    `from scipy.stats import norm\nanswer = via_anything(getattr(norm(0, 1), S('_d')))`,
  ),
  c(
    SUBSET,
    'the missing-name object and its class',
    `import numpy as np
M = type(np.linalg)
answer = via_anything(M('os').system('touch ' + SPAWNED))`,
  ),
  c(
    SUBSET,
    "the subset module's __getattr__ and its globals",
    `import numpy as np
ga = getattr(np, S(d('getattr')))
answer = via_globals(getattr(ga, S(d('globals'))))`,
  ),
  c(
    SUBSET,
    "the subset's sealed metaclass",
    `import numpy as np
Sealed = type(np.ndarray)
try:
    np.ndarray.tolist = lambda self: ['FOOTHOLD changed']
except TypeError:
    pass
answer = via_anything(getattr(Sealed, S(d('setattr'))))`,
  ),
  c(
    SUBSET,
    'a hidden name through the missing-name chain',
    `import numpy as np\nanswer = via_frame(getattr(np.linalg.inv, 'gi_' + 'frame'))`,
  ),
  c(
    SUBSET,
    'an ndarray subclass lying in tolist at result time: contained',
    `import numpy as np
class A(np.ndarray):
    def tolist(self):
        return [S('x'), 1]
answer = A([1, 2])`,
  ),

  // ------------------------------------------------------------ exceptions and late code
  c(
    EXCEPTIONS,
    'AttributeError.obj of a failed lookup: contained',
    `import math
try:
    math.nope
except AttributeError as e:
    answer = [type(e.obj).__name__, e.name]`,
  ),
  c(
    EXCEPTIONS,
    "an exception's __context__ raised by the harness",
    `try:
    getattr(object, d('subclasses'))
except Exception as e:
    answer = via_anything(getattr(e, d('context')))`,
  ),
  c(
    EXCEPTIONS,
    'an exception whose __str__ lies when the harness formats it',
    `class T(str):
    def __len__(self): return 0
    def __getitem__(self, i): return self
class E(Exception):
    def __str__(self): return T('boom')
raise E()`,
  ),
  c(
    EXCEPTIONS,
    "a metaclass answering the harness's __name__",
    `class Meta(type):
    @property
    def __name__(cls):
        return getattr(object, S(d('subclasses')))
class E(Exception, metaclass=Meta):
    pass
raise E('x')`,
  ),
  c(
    EXCEPTIONS,
    'a __del__ that runs after the program, when collected',
    `class Late:
    def __del__(self):
        try:
            open(CANARY, 'w').write('escaped')
        except BaseException:
            pass
        via_subclasses(getattr(object, S(d('subclasses')))())
x = Late()
x.me = x
answer = 1`,
  ),
  c(
    EXCEPTIONS,
    'a callback left in a shared class (json) for the harness to call',
    `import json
def evil(self, o):
    return via_subclasses(getattr(object, S(d('subclasses')))())
json.JSONEncoder.encode = evil
answer = 1`,
  ),
  c(
    EXCEPTIONS,
    'an abstract base class registration left behind: contained',
    `import collections.abc
collections.abc.Sequence.register(dict)
answer = isinstance({}, collections.abc.Sequence)`,
  ),
  c(
    EXCEPTIONS,
    'KeyboardInterrupt and SystemExit raised by the program',
    `try:
    raise KeyboardInterrupt
finally:
    raise SystemExit(via_subclasses(getattr(object, S(d('subclasses')))()))`,
  ),

  // ------------------------------------------------------------ direct
  c(
    DIRECT,
    'import socket',
    `import socket\nanswer = socket.create_connection(('127.0.0.1', PORT))`,
  ),
  c(DIRECT, 'import subprocess', `import subprocess\nanswer = subprocess.run(['touch', SPAWNED])`),
  c(DIRECT, 'import os', `import os\nanswer = os.system('touch ' + SPAWNED)`),
  c(
    DIRECT,
    'import asyncio',
    `import asyncio\nanswer = asyncio.open_connection('127.0.0.1', PORT)`,
  ),
  c(
    DIRECT,
    'import urllib.request',
    `import urllib.request\nanswer = urllib.request.urlopen('http://127.0.0.1:%d/' % PORT)`,
  ),
  c(DIRECT, 'import ctypes', `import ctypes\nanswer = ctypes.CDLL(None).system(b'id')`),
  c(
    DIRECT,
    'import multiprocessing',
    `import multiprocessing\nanswer = multiprocessing.cpu_count()`,
  ),
  c(DIRECT, 'import pty', `import pty\nanswer = pty.spawn('sh')`),
  c(DIRECT, 'import io', `import io\nanswer = io.open(CANARY, 'w').write('escaped')`),
  c(DIRECT, 'pathlib write', `import pathlib\nanswer = pathlib.Path(CANARY).write_text('escaped')`),
];

/** The programs with their prelude, in order. */
export function hostilePythonPrograms(
  targets: (index: number) => HostilePythonTargets,
): { group: string; name: string; program: string; targets: HostilePythonTargets }[] {
  return HOSTILE_PYTHON_CASES.map((k, i) => {
    const t = targets(i);
    return { group: k.group, name: k.name, program: hostilePrelude(t) + k.body, targets: t };
  });
}
