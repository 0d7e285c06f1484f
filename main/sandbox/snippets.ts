/**
 * Small pieces of JavaScript evaluated inside a program's context. QuickJS (as wasm) parses at
 * ~0.1–0.25 µs per character, so one all-purpose prelude (6 KB: 1.4 ms) would cost more than
 * the whole rest of a run. Instead there is almost none: console is a pure host object
 * (host-helpers.ts), Math.random and Date need no JavaScript (fixed-clock.ts), cell() is a host
 * function that stringifies its arguments with the context's own JSON.stringify
 * (fast-host-call.ts newJsonRequestFunction: its wrapper was ~20 µs of parsing per context),
 * the other wrappers are a few lines installed only when the program names them, and the
 * describer is evaluated only after a failure.
 *
 * The wrappers evaluate to a function taking the host function and capturing the built-ins
 * they use before the program runs, so a program that rewrites JSON or Object.freeze can only
 * break its own requests or copies, never what the host records.
 *
 * The wrappers also hand the host only a primitive string of at most MAX_REQUEST_CHARS
 * (anything else, e.g. the undefined a sabotaged toJSON makes stringify return, as ''): a
 * primitive string's length is read in the context at no cost and cannot be faked, so the host
 * needs one FFI read per call instead of four (typeof, length, typeof, number), ~25% of a call.
 */

/** Longest request a wrapper passes on: far above any real header path. */
export const MAX_REQUEST_CHARS = 64 * 1024;

/** `s` if a string of at most MAX_REQUEST_CHARS, else '' (which no stringify ever returns). */
const CHECKED = `(typeof s=='string'&&s.length<=${MAX_REQUEST_CHARS}?s:'')`;

/** install(hostCellInfo): cellInfo(tableId, row, col) → a frozen plain object parsed from JSON. */
export const CELL_INFO_SNIPPET = `(function (hostCellInfo) {
  const stringify = JSON.stringify, parse = JSON.parse, freeze = Object.freeze;
  const reviver = function (key, value) { return freeze(value); };
  globalThis.cellInfo = function cellInfo(tableId, row, col) {
    const s = stringify([tableId, row, col]);
    return parse(hostCellInfo(${CHECKED}), reviver);
  };
})`;

/** install(hostTable): table(tableId) → a deep-frozen plain copy, parsed from the host's JSON. */
export const TABLE_SNIPPET = `(function (hostTable) {
  const parse = JSON.parse, freeze = Object.freeze, TE = TypeError;
  const reviver = function (key, value) { return freeze(value); };
  globalThis.table = function table(tableId) {
    if (typeof tableId !== 'string') throw new TE('table(tableId): tableId must be a string');
    return parse(hostTable(tableId), reviver);
  };
})`;

/**
 * install(hostFact): fact(concept, period, dims) → a frozen copy of the fact, parsed from the
 * host's JSON; used as a number (valueOf) it is its `value`, so fact(a) / fact(b) works.
 */
export const FACT_SNIPPET = `(function (hostFact) {
  const stringify = JSON.stringify, parse = JSON.parse, freeze = Object.freeze;
  const create = Object.create, assign = Object.assign;
  const proto = freeze({ valueOf: function valueOf() { return this.value; } });
  const reviver = function (key, value) { return freeze(value); };
  globalThis.fact = function fact(concept, period, dims) {
    const s = stringify([concept, period, dims === undefined ? null : dims]);
    const json = hostFact(${CHECKED});
    return freeze(assign(create(proto), parse(json, reviver)));
  };
})`;

/** install(hostFacts): facts(concept) → a frozen array of frozen copies, as fact() gives them. */
export const FACTS_SNIPPET = `(function (hostFacts) {
  const stringify = JSON.stringify, parse = JSON.parse, freeze = Object.freeze;
  const create = Object.create, assign = Object.assign;
  const proto = freeze({ valueOf: function valueOf() { return this.value; } });
  const reviver = function (key, value) { return freeze(value); };
  globalThis.facts = function facts(concept) {
    const s = stringify([concept]);
    const list = parse(hostFacts(${CHECKED}), reviver);
    const out = [];
    for (let i = 0; i < list.length; i++) out[i] = freeze(assign(create(proto), list[i]));
    return freeze(out);
  };
})`;

/**
 * describe(thrown) → "kind␁name␁message␁fileName". Reads data properties through their
 * descriptors along the prototype chain, so a hostile toString, valueOf or getter on the thrown
 * value never runs (a Proxy trap can; the host gives this call its own short deadline).
 * Evaluated after the program stopped, so it sees whatever the program did to the built-ins:
 * at worst a program misleads the description of its own failure.
 */
export const DESCRIBE_SNIPPET = `(function (e) {
  const SEP = '\\u0001';
  const t = typeof e;
  if (e === null || (t !== 'object' && t !== 'function')) {
    return 'primitive' + SEP + (e === null ? 'null' : t) + SEP + String(e).slice(0, 2000) + SEP;
  }
  const own = Object.getOwnPropertyDescriptor, up = Object.getPrototypeOf;
  function read(key) {
    let o = e;
    for (let i = 0; i < 32 && o !== null; i++) {
      const d = own(o, key);
      if (d !== undefined) return typeof d.value === 'string' ? d.value.slice(0, 2000) : '';
      o = up(o);
    }
    return '';
  }
  return 'object' + SEP + read('name') + SEP + read('message') + SEP + read('fileName');
})`;

/**
 * Finds `solution` among global functions and global let/const bindings alike and calls it, in
 * one evaluation: a separate probe, then callFunction, cost ~8 µs more per program. Evaluates
 * to undefined when there is no such function, so an undefined answer is told apart from a
 * missing solution() by SOLUTION_PROBE, evaluated only then.
 */
export const SOLUTION_CALL = `typeof solution === 'function' ? solution() : void 0`;

/** Whether `solution` is a function (asked only when SOLUTION_CALL evaluated to undefined). */
export const SOLUTION_PROBE = `typeof solution === 'function'`;

/** The global lexical binding SOLUTION_SUFFIX declares (no property of globalThis). */
const SUFFIX_GUARD = '__sandboxProgramEnd__';

/**
 * Appended to a program that declares solution(), so the program and the call are one
 * evaluation. Two cost ~16 µs more than one with a bare call (~15% of a small program's run;
 * the `typeof` check alone ~7 µs to parse and run), so the call is unchecked: a missing or
 * non-function solution throws, and the caller then asks SOLUTION_PROBE. The `let` comes
 * first so that a program ending in an unfinished statement (`if (x)`, `for (;;)`, `label:`)
 * cannot take the suffix as its body: a lexical declaration is a SyntaxError there. The
 * caller runs the program again on its own in a fresh runtime when the joined evaluation
 * throws a SyntaxError (so a syntax error's message is the program's own) or when there
 * turns out to be no solution function (the answer is then the program's completion value).
 */
export const SOLUTION_SUFFIX = `\nlet ${SUFFIX_GUARD};\nsolution()`;

/**
 * Programs that declare solution the way programs do (a function, or a const/let/var bound to
 * one): these take the joined evaluation. Others that only mention solution keep two.
 */
export const DECLARES_SOLUTION =
  /\b(?:function\s*\*?\s*solution\s*\(|(?:const|let|var)\s+solution\s*=)/;
