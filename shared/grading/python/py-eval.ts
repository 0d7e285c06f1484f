import { binaryOp, floatPow, unaryOp } from './py-arith';
import { tokenize, type PyToken } from './py-tokenize';
import { bigToFloat, PyError, type PyValue } from './py-value';

// A safe evaluator for the Python expressions that DocMath-Eval's normaliser hands to eval():
// numbers, + - * / // % ** ^, parentheses, tuples and lists, strings, True/False/None, and
// math.pow (which the normaliser itself writes for "10^k"). No names are looked up anywhere
// else and nothing is executed; everything outside this subset raises a PyError.

const MATH_FUNCTIONS: Readonly<Record<string, (args: number[]) => PyValue>> = {
  pow: ([a = NaN, b = NaN]) => {
    const r = floatPow(a, b);
    if (r.t === 'complex') throw new PyError('ValueError', 'math domain error');
    return r;
  },
  sqrt: ([a = NaN]) => {
    if (a < 0) throw new PyError('ValueError', 'math domain error');
    return { t: 'float', v: Math.sqrt(a) };
  },
  exp: ([a = NaN]) => {
    const v = Math.exp(a);
    if (!Number.isFinite(v) && Number.isFinite(a))
      throw new PyError('OverflowError', 'math range error');
    return { t: 'float', v };
  },
  log10: ([a = NaN]) => {
    if (!(a > 0)) throw new PyError('ValueError', 'math domain error');
    return { t: 'float', v: Math.log10(a) };
  },
  log: ([a = NaN, base]) => {
    if (!(a > 0) || (base !== undefined && !(base > 0)))
      throw new PyError('ValueError', 'math domain error');
    return { t: 'float', v: base === undefined ? Math.log(a) : Math.log(a) / Math.log(base) };
  },
};

const MATH_CONSTANTS: Readonly<Record<string, number>> = { e: Math.E, pi: Math.PI };

function toFloatArg(v: PyValue): number {
  if (v.t === 'float') return v.v;
  if (v.t === 'int') return bigToFloat(v.v);
  if (v.t === 'bool') return v.v ? 1 : 0;
  throw new PyError('TypeError', `must be real number, not ${v.t}`);
}

const KEYWORDS = ['and', 'or', 'not', 'in', 'is', 'if', 'else', 'lambda', 'for', 'import'];

class Parser {
  private pos = 0;
  constructor(private readonly tokens: PyToken[]) {}

  private peek(): PyToken {
    return this.tokens[this.pos] ?? { k: 'end' };
  }
  private isOp(text: string): boolean {
    const t = this.peek();
    return t.k === 'op' && t.text === text;
  }
  private expectOp(text: string): void {
    if (!this.isOp(text)) throw new PyError('SyntaxError', `expected '${text}'`);
    this.pos++;
  }

  parseAll(): PyValue {
    const v = this.exprList(true);
    const rest = this.peek();
    // `x if c else y`, `a and b`, comparisons: valid Python we do not evaluate. Say so rather
    // than claim a syntax error, so parity reports can tell the two apart.
    if (rest.k === 'name' && KEYWORDS.includes(rest.text))
      throw new PyError('Unsupported', `keyword '${rest.text}'`);
    if (
      rest.k === 'op' &&
      ['<', '>', '<=', '>=', '==', '!=', '|', '&', '<<', '>>'].includes(rest.text)
    )
      throw new PyError('Unsupported', `operator '${rest.text}'`);
    if (rest.k !== 'end') throw new PyError('SyntaxError', 'invalid syntax');
    return v;
  }

  /** expr (',' expr)* [','] — a tuple when there is a comma. */
  private exprList(allowEmpty: boolean): PyValue {
    if (allowEmpty && (this.peek().k === 'end' || this.isOp(')') || this.isOp(']'))) {
      if (this.peek().k === 'end') throw new PyError('SyntaxError', 'invalid syntax (empty)');
      return { t: 'tuple', items: [] };
    }
    const first = this.xor();
    if (!this.isOp(',')) return first;
    const items = [first];
    while (this.isOp(',')) {
      this.pos++;
      if (this.peek().k === 'end' || this.isOp(')') || this.isOp(']')) break;
      items.push(this.xor());
    }
    return { t: 'tuple', items };
  }

  private xor(): PyValue {
    let v = this.arith();
    while (this.isOp('^')) {
      this.pos++;
      v = binaryOp('^', v, this.arith());
    }
    return v;
  }

  private arith(): PyValue {
    let v = this.term();
    while (this.isOp('+') || this.isOp('-')) {
      const op = (this.tokens[this.pos++] as { text: string }).text;
      v = binaryOp(op, v, this.term());
    }
    return v;
  }

  private term(): PyValue {
    let v = this.factor();
    while (this.isOp('*') || this.isOp('/') || this.isOp('//') || this.isOp('%')) {
      const op = (this.tokens[this.pos++] as { text: string }).text;
      v = binaryOp(op, v, this.factor());
    }
    return v;
  }

  private factor(): PyValue {
    if (this.isOp('-') || this.isOp('+') || this.isOp('~')) {
      const op = (this.tokens[this.pos++] as { text: string }).text;
      return unaryOp(op, this.factor());
    }
    return this.power();
  }

  /** primary ['**' factor]: binds tighter than unary minus on its left (-2**2 == -4). */
  private power(): PyValue {
    const base = this.primary();
    if (!this.isOp('**')) return base;
    this.pos++;
    return binaryOp('**', base, this.factor());
  }

  private primary(): PyValue {
    let v = this.atom();
    for (;;) {
      if (this.isOp('.')) {
        this.pos++;
        const name = this.peek();
        if (name.k !== 'name') throw new PyError('SyntaxError', 'invalid syntax after .');
        this.pos++;
        v = this.attribute(v, name.text);
      } else if (this.isOp('(')) {
        this.pos++;
        const args: PyValue[] = [];
        while (!this.isOp(')')) {
          args.push(this.xor());
          if (!this.isOp(',')) break;
          this.pos++;
        }
        this.expectOp(')');
        v = this.call(v, args);
      } else if (this.isOp('[')) {
        throw new PyError('Unsupported', 'subscription');
      } else return v;
    }
  }

  private attribute(v: PyValue, name: string): PyValue {
    if (v.t === 'module') {
      if (name in MATH_FUNCTIONS) return { t: 'builtin', name: `math.${name}` };
      const c = MATH_CONSTANTS[name];
      if (c !== undefined) return { t: 'float', v: c };
    }
    throw new PyError('AttributeError', `'${v.t}' object has no attribute '${name}'`);
  }

  private call(fn: PyValue, args: PyValue[]): PyValue {
    if (fn.t !== 'builtin') throw new PyError('TypeError', `'${fn.t}' object is not callable`);
    if (fn.name === 'abs') {
      const [a] = args;
      if (!a || args.length !== 1)
        throw new PyError('TypeError', 'abs() takes exactly one argument');
      if (a.t === 'float') return { t: 'float', v: Math.abs(a.v) };
      if (a.t === 'int') return { t: 'int', v: a.v < 0n ? -a.v : a.v };
      if (a.t === 'bool') return { t: 'int', v: a.v ? 1n : 0n };
      throw new PyError('TypeError', 'bad operand type for abs()');
    }
    const f = MATH_FUNCTIONS[fn.name.replace(/^math\./, '')];
    if (!f) throw new PyError('NameError', fn.name);
    return f(args.map(toFloatArg));
  }

  private atom(): PyValue {
    const t = this.peek();
    this.pos++;
    switch (t.k) {
      case 'int':
        return { t: 'int', v: BigInt(t.text.replace(/_/g, '')) };
      case 'float':
        return { t: 'float', v: Number(t.text.replace(/_/g, '')) };
      case 'imag':
        return { t: 'complex', re: 0, im: Number(t.text.replace(/_/g, '')) };
      case 'str': {
        let s = t.value;
        while (this.peek().k === 'str') s += (this.tokens[this.pos++] as { value: string }).value;
        return { t: 'str', v: s };
      }
      case 'name':
        return this.name(t.text);
      case 'op':
        if (t.text === '(') {
          const v = this.exprList(true);
          this.expectOp(')');
          return v;
        }
        if (t.text === '[') {
          const v = this.isOp(']') ? { t: 'tuple' as const, items: [] } : this.exprList(false);
          this.expectOp(']');
          return { t: 'list', items: v.t === 'tuple' ? v.items : [v] };
        }
        throw new PyError('SyntaxError', `invalid syntax at '${t.text}'`);
      case 'end':
        throw new PyError('SyntaxError', 'unexpected end of expression');
    }
  }

  private name(text: string): PyValue {
    if (text === 'True') return { t: 'bool', v: true };
    if (text === 'False') return { t: 'bool', v: false };
    if (text === 'None') return { t: 'none' };
    if (text === 'math') return { t: 'module', name: 'math' };
    if (text === 'abs') return { t: 'builtin', name: 'abs' };
    if (KEYWORDS.includes(text)) throw new PyError('Unsupported', `keyword '${text}'`);
    throw new PyError('NameError', `name '${text}' is not defined`);
  }
}

/** eval(source) for the supported subset; throws PyError where Python would raise. */
export function pyEval(source: string): PyValue {
  return new Parser(tokenize(source)).parseAll();
}
