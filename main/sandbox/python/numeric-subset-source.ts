/**
 * A pure-Python subset of numpy, scipy.stats and scipy.special for the sandbox: Pyodide's real
 * wheels come from a CDN and cannot load offline, yet model-written financial programs reach
 * for np.sqrt, np.std or norm.cdf. Run once per worker, in its own globals, before the harness;
 * it registers the modules `numpy`, `scipy`, `scipy.stats` and `scipy.special` in sys.modules,
 * and the harness hands programs copies of them like any allowed module. What the subset holds
 * is listed in docs/runs.md ("numpy and scipy in the sandbox"); anything else raises
 * NotInSubset naming it. It is plain Python on the program's own values: it imports only math
 * and reaches nothing a program could not reach itself.
 *
 * Scalars are Python floats and ints (numpy's float64/int64 are float/int here); arrays are
 * one-dimensional. Unlike numpy, a float division by zero raises ZeroDivisionError; sqrt and
 * log of values outside their domain give nan (numpy warns and gives nan too).
 */
export const NUMERIC_SUBSET_SOURCE = String.raw`
import math as _m
import sys as _sys
import types as _types

_DOCS = " is not in the sandbox's %s subset (docs/runs.md lists what is)"


def _hidden_name(name):
    # Only exact str names, checked with str's own method: a str subclass could answer
    # startswith as it likes.
    return type(name) is not str or str.startswith(name, '_')


class _Sealed(type):
    """Classes shared by every program's run: a program cannot change them for the next one."""

    def __setattr__(cls, name, value):
        raise TypeError("'%s' of the sandbox's numeric subset cannot be changed" % cls.__name__)

    def __delattr__(cls, name):
        raise TypeError("'%s' of the sandbox's numeric subset cannot be changed" % cls.__name__)


class NotInSubset(AttributeError, metaclass=_Sealed):
    pass


def _not_in_subset(path):
    return NotInSubset(path + _DOCS % path.split('.')[0])


class _Missing(metaclass=_Sealed):
    """A name outside the subset: usable only to raise the error that names it."""

    def __init__(self, path):
        object.__setattr__(self, '_path', path)

    def __getattr__(self, name):
        if _hidden_name(name):
            raise AttributeError(name)
        return _Missing(self._path + '.' + name)

    def __call__(self, *args, **kwargs):
        raise _not_in_subset(self._path)

    def __repr__(self):
        return '<%s: not in the sandbox subset>' % self._path


def _refuse(self, *args):
    raise _not_in_subset(self._path)


for _op in ('add', 'radd', 'sub', 'rsub', 'mul', 'rmul', 'truediv', 'rtruediv', 'pow', 'rpow',
            'neg', 'float', 'int', 'index', 'bool', 'iter', 'len', 'getitem', 'lt', 'le', 'gt',
            'ge'):
    type.__setattr__(_Missing, '__%s__' % _op, _refuse)


def _module(name, names, doc):
    mod = _types.ModuleType(name, doc)
    for key, value in names.items():
        setattr(mod, key, value)

    def missing(attr):
        if _hidden_name(attr):
            raise AttributeError("module '%s' has no attribute '%s'" % (name, attr))
        return _Missing(name + '.' + attr)

    mod.__getattr__ = missing
    _sys.modules[name] = mod
    return mod


# ---------------------------------------------------------------- numpy


def _is_seq(x):
    return isinstance(x, (ndarray, list, tuple))


def _flat(x):
    if isinstance(x, ndarray):
        return x._v
    if isinstance(x, (list, tuple)):
        out = list(x)
        if any(isinstance(v, (list, tuple, ndarray)) for v in out):
            raise _not_in_subset('numpy.array with more than one dimension')
        return out
    return [x]


def _num(x):
    return float(x) if not isinstance(x, (int, float, bool)) else x


def _fsum(values):
    if all(isinstance(v, (int, bool)) for v in values):
        return sum(values)
    return _m.fsum(values)


class ndarray(metaclass=_Sealed):
    """A one-dimensional array of Python numbers (numpy's shape (n,))."""

    def __init__(self, values):
        self._v = [_num(v) for v in values]

    # -- shape and conversion
    @property
    def shape(self):
        return (len(self._v),)

    @property
    def size(self):
        return len(self._v)

    @property
    def ndim(self):
        return 1

    def tolist(self):
        return list(self._v)

    def copy(self):
        return ndarray(self._v)

    def astype(self, kind):
        return ndarray([kind(v) for v in self._v])

    def __len__(self):
        return len(self._v)

    def __iter__(self):
        return iter(list(self._v))

    def __repr__(self):
        return 'array(%r)' % (self._v,)

    def __str__(self):
        return '[' + ' '.join(str(v) for v in self._v) + ']'

    def __bool__(self):
        if len(self._v) != 1:
            raise ValueError('The truth value of an array with more than one element is '
                             'ambiguous. Use a.any() or a.all()')
        return bool(self._v[0])

    def __float__(self):
        if len(self._v) != 1:
            raise TypeError('only length-1 arrays can be converted to Python scalars')
        return float(self._v[0])

    # -- indexing
    def __getitem__(self, key):
        if isinstance(key, slice):
            return ndarray(self._v[key])
        if isinstance(key, (ndarray, list)):
            keys = _flat(key)
            if keys and all(isinstance(k, bool) for k in keys):
                if len(keys) != len(self._v):
                    raise IndexError('boolean index did not match the array length')
                return ndarray([v for v, k in zip(self._v, keys) if k])
            return ndarray([self._v[int(k)] for k in keys])
        if isinstance(key, tuple):
            raise _not_in_subset('numpy.array with more than one dimension')
        return self._v[key]

    def __setitem__(self, key, value):
        if isinstance(key, slice):
            n = len(self._v[key])
            values = _flat(value) if _is_seq(value) else [value] * n
            if len(values) != n:
                raise ValueError('could not broadcast %d values into %d places' % (len(values), n))
            self._v[key] = [_num(v) for v in values]
        else:
            self._v[key] = _num(value)

    # -- elementwise operators
    def _zip(self, other, fn):
        if _is_seq(other):
            b = _flat(other)
            if len(b) != len(self._v) and len(b) != 1:
                raise ValueError('operands could not be broadcast together with shapes (%d,) (%d,)'
                                 % (len(self._v), len(b)))
            if len(b) == 1:
                b = b * len(self._v)
            return ndarray([fn(x, y) for x, y in zip(self._v, b)])
        return ndarray([fn(x, other) for x in self._v])

    def __add__(self, o): return self._zip(o, lambda x, y: x + y)
    def __radd__(self, o): return self._zip(o, lambda x, y: y + x)
    def __sub__(self, o): return self._zip(o, lambda x, y: x - y)
    def __rsub__(self, o): return self._zip(o, lambda x, y: y - x)
    def __mul__(self, o): return self._zip(o, lambda x, y: x * y)
    def __rmul__(self, o): return self._zip(o, lambda x, y: y * x)
    def __truediv__(self, o): return self._zip(o, lambda x, y: x / y)
    def __rtruediv__(self, o): return self._zip(o, lambda x, y: y / x)
    def __floordiv__(self, o): return self._zip(o, lambda x, y: x // y)
    def __rfloordiv__(self, o): return self._zip(o, lambda x, y: y // x)
    def __mod__(self, o): return self._zip(o, lambda x, y: x % y)
    def __pow__(self, o): return self._zip(o, lambda x, y: x ** y)
    def __rpow__(self, o): return self._zip(o, lambda x, y: y ** x)
    def __lt__(self, o): return self._zip(o, lambda x, y: x < y)
    def __le__(self, o): return self._zip(o, lambda x, y: x <= y)
    def __gt__(self, o): return self._zip(o, lambda x, y: x > y)
    def __ge__(self, o): return self._zip(o, lambda x, y: x >= y)
    def __eq__(self, o): return self._zip(o, lambda x, y: x == y)
    def __ne__(self, o): return self._zip(o, lambda x, y: x != y)
    def __neg__(self): return ndarray([-x for x in self._v])
    def __pos__(self): return ndarray(self._v)
    def __abs__(self): return absolute(self)

    __hash__ = None

    # -- reductions
    def sum(self): return sum_(self)
    def mean(self): return mean(self)
    def std(self, ddof=0): return std(self, ddof=ddof)
    def var(self, ddof=0): return var(self, ddof=ddof)
    def min(self): return amin(self)
    def max(self): return amax(self)
    def argmin(self): return argmin(self)
    def argmax(self): return argmax(self)
    def prod(self): return prod(self)
    def cumsum(self): return cumsum(self)
    def cumprod(self): return cumprod(self)
    def round(self, decimals=0): return round_(self, decimals)
    def any(self): return any(self._v)
    def all(self): return all(self._v)


def array(values, dtype=None):
    out = ndarray(_flat(values) if _is_seq(values) else [values])
    return out.astype(dtype) if dtype in (float, int) else out


def _map(fn, x):
    if _is_seq(x):
        return ndarray([fn(v) for v in _flat(x)])
    return fn(_num(x))


def _map2(fn, a, b):
    if _is_seq(a):
        return array(a)._zip(b, fn)
    if _is_seq(b):
        return array(b)._zip(a, lambda y, x: fn(x, y))
    return fn(_num(a), _num(b))


def _sqrt(x):
    return _m.sqrt(x) if x >= 0 else _m.nan


def _log_with(fn):
    def log(x):
        if x > 0:
            return fn(x)
        return -_m.inf if x == 0 else _m.nan
    return log


def _exp(x):
    try:
        return _m.exp(x)
    except OverflowError:
        return _m.inf


def _round_half_even(x, decimals=0):
    return float(round(x, decimals)) if isinstance(x, float) else round(x, decimals)


def sqrt(x): return _map(_sqrt, x)
def exp(x): return _map(_exp, x)
def log(x): return _map(_log_with(_m.log), x)
def log10(x): return _map(_log_with(_m.log10), x)
def log2(x): return _map(_log_with(_m.log2), x)
def log1p(x): return _map(lambda v: _m.log1p(v) if v > -1 else (-_m.inf if v == -1 else _m.nan), x)
def expm1(x): return _map(_m.expm1, x)
def absolute(x): return _map(lambda v: v if v >= 0 else -v, x)
def square(x): return _map(lambda v: v * v, x)
def floor(x): return _map(lambda v: float(_m.floor(v)), x)
def ceil(x): return _map(lambda v: float(_m.ceil(v)), x)
def sign(x): return _map(lambda v: (v > 0) - (v < 0), x)
def power(a, b): return _map2(lambda x, y: x ** y, a, b)
def maximum(a, b): return _map2(lambda x, y: x if x >= y else y, a, b)
def minimum(a, b): return _map2(lambda x, y: x if x <= y else y, a, b)
def round_(x, decimals=0): return _map(lambda v: _round_half_even(v, decimals), x)
def isnan(x): return _map(lambda v: isinstance(v, float) and _m.isnan(v), x)
def isinf(x): return _map(lambda v: isinstance(v, float) and _m.isinf(v), x)
def isfinite(x): return _map(lambda v: not isinstance(v, float) or _m.isfinite(v), x)


def _values(x):
    values = _flat(x) if _is_seq(x) else [x]
    return [_num(v) for v in values]


def _nonempty(x, what):
    values = _values(x)
    if not values:
        raise ValueError('zero-size array to reduction operation %s which has no identity' % what)
    return values


def sum_(x): return _fsum(_values(x))
def prod(x):
    out = 1
    for v in _values(x):
        out *= v
    return out


def mean(x):
    values = _values(x)
    return _m.fsum(values) / len(values) if values else _m.nan


def var(x, ddof=0):
    values = _values(x)
    n = len(values) - ddof
    if n <= 0:
        return _m.nan
    mu = _m.fsum(values) / len(values)
    return _m.fsum((v - mu) ** 2 for v in values) / n


def std(x, ddof=0):
    return _sqrt(var(x, ddof))


def average(x, weights=None):
    if weights is None:
        return mean(x)
    values, w = _values(x), _values(weights)
    if len(values) != len(w):
        raise ValueError('Length of weights not compatible with specified axis.')
    return _m.fsum(v * k for v, k in zip(values, w)) / _m.fsum(w)


def amin(x): return min(_nonempty(x, 'minimum'))
def amax(x): return max(_nonempty(x, 'maximum'))
def argmin(x):
    values = _nonempty(x, 'argmin')
    return values.index(min(values))
def argmax(x):
    values = _nonempty(x, 'argmax')
    return values.index(max(values))


def percentile(x, q):
    if _is_seq(q):
        return ndarray([percentile(x, v) for v in _flat(q)])
    if not 0 <= q <= 100:
        raise ValueError('Percentiles must be in the range [0, 100]')
    values = sorted(_nonempty(x, 'percentile'))
    pos = (len(values) - 1) * q / 100
    lo = int(_m.floor(pos))
    hi = min(lo + 1, len(values) - 1)
    frac = pos - lo
    return values[lo] + (values[hi] - values[lo]) * frac if frac else float(values[lo])


def quantile(x, q):
    return percentile(x, _map(lambda v: v * 100, q) if _is_seq(q) else q * 100)


def median(x):
    return percentile(x, 50)


def cumsum(x):
    out, total = [], 0
    for v in _values(x):
        total += v
        out.append(total)
    return ndarray(out)


def cumprod(x):
    out, total = [], 1
    for v in _values(x):
        total *= v
        out.append(total)
    return ndarray(out)


def diff(x):
    values = _values(x)
    return ndarray([b - a for a, b in zip(values, values[1:])])


def dot(a, b):
    if not _is_seq(a) or not _is_seq(b):
        return _map2(lambda x, y: x * y, a, b)
    x, y = _values(a), _values(b)
    if len(x) != len(y):
        raise ValueError('shapes (%d,) and (%d,) not aligned' % (len(x), len(y)))
    return _fsum([p * q for p, q in zip(x, y)])


def arange(start, stop=None, step=1):
    if stop is None:
        start, stop = 0, start
    if step == 0:
        raise ZeroDivisionError('arange: step must not be 0')
    n = max(0, int(_m.ceil((stop - start) / step)))
    return ndarray([start + i * step for i in range(n)])


def linspace(start, stop, num=50, endpoint=True):
    num = int(num)
    if num < 0:
        raise ValueError('Number of samples, %d, must be non-negative.' % num)
    div = (num - 1) if endpoint else num
    step = (stop - start) / div if div > 0 else 0.0
    out = [float(start + i * step) for i in range(num)]
    if endpoint and num > 1:
        out[-1] = float(stop)
    return ndarray(out)


def zeros(n): return ndarray([0.0] * int(n))
def ones(n): return ndarray([1.0] * int(n))
def full(n, value): return ndarray([value] * int(n))


_NUMPY = {
    'ndarray': ndarray, 'array': array, 'asarray': array, 'sqrt': sqrt, 'exp': exp, 'log': log,
    'log10': log10, 'log2': log2, 'log1p': log1p, 'expm1': expm1, 'abs': absolute, 'absolute': absolute,
    'square': square, 'floor': floor, 'ceil': ceil, 'sign': sign, 'power': power,
    'maximum': maximum, 'minimum': minimum, 'round': round_, 'around': round_, 'isnan': isnan,
    'isinf': isinf, 'isfinite': isfinite, 'sum': sum_, 'prod': prod, 'mean': mean, 'var': var,
    'std': std, 'average': average, 'min': amin, 'max': amax, 'amin': amin, 'amax': amax,
    'argmin': argmin, 'argmax': argmax, 'percentile': percentile, 'quantile': quantile,
    'median': median, 'cumsum': cumsum, 'cumprod': cumprod, 'diff': diff, 'dot': dot,
    'arange': arange, 'linspace': linspace, 'zeros': zeros, 'ones': ones, 'full': full,
    'pi': _m.pi, 'e': _m.e, 'nan': _m.nan, 'inf': _m.inf, 'float64': float, 'int64': int,
    'NotInSubset': NotInSubset,
}

# ---------------------------------------------------------------- scipy.special

_SQRT2 = _m.sqrt(2.0)


def _betacf(a, b, x):
    # Continued fraction of the incomplete beta function (modified Lentz).
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if d > tiny or d < -tiny else tiny)
    h = d
    for m in range(1, 10000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((a + m2 - 1.0) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if d > tiny or d < -tiny else tiny)
        c = 1.0 + aa / c
        c = c if c > tiny or c < -tiny else tiny
        h *= d * c
        aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0))
        d = 1.0 + aa * d
        d = 1.0 / (d if d > tiny or d < -tiny else tiny)
        c = 1.0 + aa / c
        c = c if c > tiny or c < -tiny else tiny
        delta = d * c
        h *= delta
        if -1e-16 < delta - 1.0 < 1e-16:
            break
    return h


def betainc(a, b, x):
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = _m.exp(_m.lgamma(a + b) - _m.lgamma(a) - _m.lgamma(b) + a * _m.log(x)
                   + b * _m.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def comb(n, k, exact=False):
    if exact:
        return _m.comb(int(n), int(k)) if 0 <= k <= n else 0
    if k < 0 or k > n or n < 0:
        return 0.0
    return float(_m.comb(int(n), int(k))) if n == int(n) and k == int(k) and n < 1030 else _m.exp(
        _m.lgamma(n + 1) - _m.lgamma(k + 1) - _m.lgamma(n - k + 1))


def factorial(n, exact=False):
    if n < 0:
        return 0 if exact else 0.0
    if exact:
        return _m.factorial(int(n))
    return float(_m.factorial(int(n))) if n == int(n) and n <= 170 else _m.gamma(n + 1)


def gamma(x): return _map(_m.gamma, x)
def gammaln(x): return _map(lambda v: _m.lgamma(v), x)
def erf(x): return _map(_m.erf, x)
def erfc(x): return _map(_m.erfc, x)
def expit(x): return _map(lambda v: 1.0 / (1.0 + _exp(-v)), x)
def logit(x): return _map(lambda v: _m.log(v / (1.0 - v)) if 0 < v < 1 else _m.nan, x)


def _ndtr(z):
    return 0.5 * _m.erfc(-z / _SQRT2)


# Acklam's rational approximation of the normal quantile (relative error 1.15e-9), refined
# below by Halley steps on erfc to full double precision.
_A = (-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
      1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00)
_B = (-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
      6.680131188771972e+01, -1.328068155288572e+01)
_C = (-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
      -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00)
_D = (7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
      3.754408661907416e+00)


def _acklam(p):
    if p < 0.02425:
        q = _m.sqrt(-2 * _m.log(p))
        return (((((_C[0] * q + _C[1]) * q + _C[2]) * q + _C[3]) * q + _C[4]) * q + _C[5]) / \
            ((((_D[0] * q + _D[1]) * q + _D[2]) * q + _D[3]) * q + 1)
    if p > 1 - 0.02425:
        return -_acklam(1 - p)
    q = p - 0.5
    r = q * q
    return (((((_A[0] * r + _A[1]) * r + _A[2]) * r + _A[3]) * r + _A[4]) * r + _A[5]) * q / \
        (((((_B[0] * r + _B[1]) * r + _B[2]) * r + _B[3]) * r + _B[4]) * r + 1)


def _ndtri(p):
    if _m.isnan(p) or p < 0 or p > 1:
        return _m.nan
    if p == 0:
        return -_m.inf
    if p == 1:
        return _m.inf
    q = p - 0.5
    if -0.47575 <= q <= 0.47575:
        # The centre: erf of small x keeps the relative precision that p - 0.5 has.
        x = _acklam(p)
        for _ in range(3):
            u = (0.5 * _m.erf(x / _SQRT2) - q) * _m.sqrt(2 * _m.pi) * _m.exp(x * x / 2)
            x = x - u / (1 + x * u / 2)
        return x
    # The tails, worked in the lower one, where erfc keeps relative precision.
    upper = p > 0.5
    tail = 1.0 - p if upper else p
    x = _acklam(tail)
    for _ in range(3):
        # (cdf - tail) / pdf, in a form that neither overflows nor underflows far out.
        ratio = 0.5 * _m.erfc(-x / _SQRT2) / tail - 1
        u = ratio * _m.sqrt(2 * _m.pi) * _m.exp(x * x / 2 + _m.log(tail))
        x = x - u / (1 + x * u / 2)
    return -x if upper else x


def ndtr(x): return _map(_ndtr, x)
def ndtri(x): return _map(_ndtri, x)


_SPECIAL = {
    'erf': erf, 'erfc': erfc, 'comb': comb, 'factorial': factorial, 'gamma': gamma,
    'gammaln': gammaln, 'expit': expit, 'logit': logit, 'ndtr': ndtr, 'ndtri': ndtri,
    'betainc': betainc,
}

# ---------------------------------------------------------------- scipy.stats


def _check_scale(scale):
    if scale <= 0:
        raise ValueError('scale must be positive')


class _Distribution(metaclass=_Sealed):
    """A distribution, callable with its parameters for a frozen one (norm(loc, scale))."""

    __slots__ = ()

    def __call__(self, *args, **kwargs):
        return _Frozen(self, args, kwargs)


class _Frozen(metaclass=_Sealed):
    def __init__(self, dist, args, kwargs):
        self._d, self._a, self._k = dist, args, kwargs

    def __getattr__(self, name):
        if _hidden_name(name):
            raise AttributeError(name)
        method = getattr(self._d, name)
        return lambda x, *rest: method(x, *(self._a + rest), **self._k)


class norm_gen(_Distribution):
    __slots__ = ()

    def cdf(self, x, loc=0.0, scale=1.0):
        _check_scale(scale)
        return _map(lambda v: _ndtr((v - loc) / scale), x)

    def sf(self, x, loc=0.0, scale=1.0):
        _check_scale(scale)
        return _map(lambda v: _ndtr(-(v - loc) / scale), x)

    def pdf(self, x, loc=0.0, scale=1.0):
        _check_scale(scale)
        return _map(lambda v: _m.exp(-((v - loc) / scale) ** 2 / 2) / (_m.sqrt(2 * _m.pi) * scale), x)

    def logpdf(self, x, loc=0.0, scale=1.0):
        _check_scale(scale)
        return _map(lambda v: -((v - loc) / scale) ** 2 / 2 - _m.log(_m.sqrt(2 * _m.pi) * scale), x)

    def ppf(self, q, loc=0.0, scale=1.0):
        _check_scale(scale)
        return _map(lambda v: loc + scale * _ndtri(v), q)

    def isf(self, q, loc=0.0, scale=1.0):
        _check_scale(scale)
        return _map(lambda v: loc - scale * _ndtri(v), q)

    def interval(self, confidence, loc=0.0, scale=1.0):
        half = (1 - confidence) / 2
        return (self.ppf(half, loc, scale), self.isf(half, loc, scale))

    def mean(self, loc=0.0, scale=1.0): return float(loc)
    def std(self, loc=0.0, scale=1.0): return float(scale)


def _t_cdf(t, df):
    if df <= 0:
        return _m.nan
    if _m.isinf(t):
        return 1.0 if t > 0 else 0.0
    if t * t < 1:
        # Near the centre the complementary form keeps relative precision.
        half = 0.5 * betainc(0.5, df / 2, t * t / (df + t * t))
        return 0.5 + half if t > 0 else 0.5 - half
    tail = 0.5 * betainc(df / 2, 0.5, df / (df + t * t))
    return 1.0 - tail if t > 0 else tail


def _t_ppf(p, df):
    if df <= 0 or _m.isnan(p) or p < 0 or p > 1:
        return _m.nan
    if p == 0:
        return -_m.inf
    if p == 1:
        return _m.inf
    if p == 0.5:
        return 0.0
    if p > 0.5:
        return -_t_ppf(1 - p, df)
    # Lower tail: bracket, then Newton steps guarded by bisection.
    lo, hi = -1.0, 0.0
    while _t_cdf(lo, df) > p:
        hi, lo = lo, lo * 2
        if lo < -1e300:
            return -_m.inf
    x = max(lo, min(hi, _ndtri(p)))
    c = _m.exp(_m.lgamma((df + 1) / 2) - _m.lgamma(df / 2)) / _m.sqrt(df * _m.pi)
    for _ in range(200):
        f = _t_cdf(x, df) - p
        if f > 0:
            hi = x
        else:
            lo = x
        density = c * (1 + x * x / df) ** (-(df + 1) / 2)
        step = f / density if density > 0 else 0
        nxt = x - step
        if not lo < nxt < hi:
            nxt = (lo + hi) / 2
        if -1e-15 * max(1.0, x if x > 0 else -x) <= nxt - x <= 1e-15 * max(1.0, x if x > 0 else -x):
            return nxt
        x = nxt
    return x


class t_gen(_Distribution):
    __slots__ = ()

    def cdf(self, x, df, loc=0.0, scale=1.0):
        _check_scale(scale)
        return _map(lambda v: _t_cdf((v - loc) / scale, df), x)

    def sf(self, x, df, loc=0.0, scale=1.0):
        _check_scale(scale)
        return _map(lambda v: _t_cdf(-(v - loc) / scale, df), x)

    def ppf(self, q, df, loc=0.0, scale=1.0):
        _check_scale(scale)
        return _map(lambda v: loc + scale * _t_ppf(v, df), q)

    def isf(self, q, df, loc=0.0, scale=1.0):
        _check_scale(scale)
        return _map(lambda v: loc - scale * _t_ppf(v, df), q)

    def pdf(self, x, df, loc=0.0, scale=1.0):
        _check_scale(scale)
        c = _m.exp(_m.lgamma((df + 1) / 2) - _m.lgamma(df / 2)) / _m.sqrt(df * _m.pi)
        return _map(lambda v: c * (1 + ((v - loc) / scale) ** 2 / df) ** (-(df + 1) / 2) / scale, x)


def _binom_pmf(k, n, p):
    if k != int(k) or k < 0 or k > n:
        return 0.0
    k, n = int(k), int(n)
    if p == 0:
        return 1.0 if k == 0 else 0.0
    if p == 1:
        return 1.0 if k == n else 0.0
    return _m.exp(_m.lgamma(n + 1) - _m.lgamma(k + 1) - _m.lgamma(n - k + 1) + k * _m.log(p)
                  + (n - k) * _m.log1p(-p))


class binom_gen(_Distribution):
    __slots__ = ()

    def pmf(self, k, n, p): return _map(lambda v: _binom_pmf(v, n, p), k)

    def cdf(self, k, n, p):
        return _map(lambda v: min(1.0, _m.fsum(_binom_pmf(i, n, p) for i in range(int(_m.floor(v)) + 1))), k)

    def sf(self, k, n, p):
        return _map(lambda v: min(1.0, _m.fsum(_binom_pmf(i, n, p) for i in range(int(_m.floor(v)) + 1, int(n) + 1))), k)

    def mean(self, n, p): return float(n * p)
    def var(self, n, p): return float(n * p * (1 - p))
    def std(self, n, p): return _m.sqrt(n * p * (1 - p))


def _poisson_pmf(k, mu):
    if k != int(k) or k < 0:
        return 0.0
    if mu == 0:
        return 1.0 if k == 0 else 0.0
    return _m.exp(k * _m.log(mu) - mu - _m.lgamma(k + 1))


class poisson_gen(_Distribution):
    __slots__ = ()

    def pmf(self, k, mu): return _map(lambda v: _poisson_pmf(v, mu), k)

    def cdf(self, k, mu):
        return _map(lambda v: min(1.0, _m.fsum(_poisson_pmf(i, mu) for i in range(int(_m.floor(v)) + 1))) if v >= 0 else 0.0, k)

    def sf(self, k, mu):
        return _map(lambda v: max(0.0, 1.0 - self.cdf(v, mu)), k)

    def mean(self, mu): return float(mu)
    def var(self, mu): return float(mu)


class lognorm_gen(_Distribution):
    __slots__ = ()

    """scipy's lognorm(s, loc, scale): log((x - loc) / scale) is normal with sd s."""

    def cdf(self, x, s, loc=0.0, scale=1.0):
        _check_scale(scale)
        return _map(lambda v: _ndtr(_m.log((v - loc) / scale) / s) if v > loc else 0.0, x)

    def pdf(self, x, s, loc=0.0, scale=1.0):
        _check_scale(scale)

        def one(v):
            y = (v - loc) / scale
            if y <= 0:
                return 0.0
            return _m.exp(-(_m.log(y) / s) ** 2 / 2) / (s * y * _m.sqrt(2 * _m.pi)) / scale
        return _map(one, x)

    def ppf(self, q, s, loc=0.0, scale=1.0):
        _check_scale(scale)
        return _map(lambda v: loc + scale * _exp(s * _ndtri(v)), q)


_STATS = {
    'norm': norm_gen(), 't': t_gen(), 'binom': binom_gen(), 'poisson': poisson_gen(),
    'lognorm': lognorm_gen(),
}

numpy = _module('numpy', _NUMPY, 'A pure-Python subset of numpy (the sandbox has no numpy).')
special = _module('scipy.special', _SPECIAL, 'A pure-Python subset of scipy.special.')
stats = _module('scipy.stats', _STATS, 'A pure-Python subset of scipy.stats.')
scipy = _module('scipy', {'stats': stats, 'special': special},
                'A pure-Python subset of scipy (stats and special only).')
`;
