/**
 * Writes the source of `shared/document/document-parse.generated.ts` from the zod schema of the
 * Document (shared/document): a parser that accepts only what `Document.parse` accepts and returns
 * what it returns (a fresh object, keys in schema order, unknown keys stripped), without
 * loading zod. It handles the zod types the schema uses and refuses any other (type or check)
 * with an error naming it, so a schema change it cannot follow fails the test that regenerates
 * the file (test/unit/document/document-parse-generated.test.ts) instead of going unchecked.
 *
 * What it mirrors (zod 4, read from node_modules/zod/v4/core/schemas.cjs and checks.cjs):
 * - object: a non-null, non-array object; each shape key in shape order; a required key's
 *   value is checked (absent reads undefined, which no supported type accepts); an optional
 *   key is copied when `key in input` (undefined included) and skipped when absent; unknown
 *   keys are dropped, or rejected for a strict object (catchall never);
 * - string (min_length, max_length), number (finite; number_format safeint, greater_than,
 *   less_than), boolean, literal and enum (by ===), nullable, optional (object keys only);
 * - array (a fresh array), tuple (exact length, no rest), record of string to string (a
 *   plain object's own enumerable keys, `__proto__` skipped, a symbol key rejected);
 * - union: the first option that accepts; discriminated union: the option whose literal
 *   discriminator matches.
 * Shared subschemas (and the recursive HeaderNode) become one function each.
 *
 * Beside each parse function it writes a check function that reads the value in place and
 * answers true only when the parse function would accept it and return an equal value: every
 * object a plain one (prototype Object.prototype) whose own enumerable keys are the shape's
 * keys it holds, in shape order (for-in order, checked against the shape's list); arrays real
 * arrays; records with no symbol, non-enumerable or `__proto__` key. Then the value itself is
 * zod's answer (JSON.stringify gives the same bytes) and `parseDocumentFast` returns it with no
 * copy. Any other answer (false) only means "not vouched for": the copying parser decides, as
 * before, so every rejection is the parser's (and zod's). A union's check asks, option by
 * option, the option's check, then the option's parser: a value the first accepting option
 * would copy is not vouched for even if a later option's check would pass.
 */
import type { z } from 'zod';

type Schema = z.core.$ZodType;
type Def = Schema['_zod']['def'] & Record<string, unknown>;
interface CheckDef {
  check: string;
  format?: string;
  value?: unknown;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
}

const defOf = (s: Schema): Def => s._zod.def as Def;

function checksOf(s: Schema): CheckDef[] {
  const checks = (defOf(s).checks ?? []) as { _zod: { def: CheckDef } }[];
  return checks.map((c) => c._zod.def);
}

const unsupported = (what: string, where: string): Error =>
  new Error(
    `document-parse codegen: ${what} at ${where} is not supported; extend test/unit/document/support/document-parse-codegen.ts`,
  );

function literalCode(value: unknown, where: string): string {
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw unsupported(`literal ${String(value)}`, where);
}

/** The conditions a string or number must meet, as JS expressions over `v`. */
function scalarConditions(s: Schema, x: string, where: string): string[] {
  const type = defOf(s).type;
  const out: string[] = [];
  for (const c of checksOf(s)) {
    if (type === 'string' && c.check === 'min_length') out.push(`${x}.length >= ${c.minimum}`);
    else if (type === 'string' && c.check === 'max_length') out.push(`${x}.length <= ${c.maximum}`);
    else if (type === 'number' && c.check === 'number_format' && c.format === 'safeint')
      out.push(`Number.isSafeInteger(${x})`);
    else if (type === 'number' && c.check === 'greater_than' && typeof c.value === 'number')
      out.push(`${x} ${c.inclusive ? '>=' : '>'} ${c.value}`);
    else if (type === 'number' && c.check === 'less_than' && typeof c.value === 'number')
      out.push(`${x} ${c.inclusive ? '<=' : '<'} ${c.value}`);
    else throw unsupported(`check ${JSON.stringify(c.check)} on ${type}`, where);
  }
  return out;
}

/**
 * The test a scalar schema (string, number, boolean, literal, enum, or one of them nullable)
 * makes of the value in `x`, as one JS expression; undefined for anything else. Inlined into
 * the objects and arrays holding them: a function call per field cost more than the check.
 */
function scalarTest(s: Schema, x: string, where: string): string | undefined {
  const def = defOf(s);
  switch (def.type) {
    case 'string':
      return [`typeof ${x} === 'string'`, ...scalarConditions(s, x, where)].join(' && ');
    case 'number':
      return [
        `typeof ${x} === 'number' && Number.isFinite(${x})`,
        ...scalarConditions(s, x, where),
      ].join(' && ');
    case 'boolean':
      return `typeof ${x} === 'boolean'`;
    case 'literal':
    case 'enum': {
      const values =
        def.type === 'literal'
          ? (def.values as unknown[])
          : Object.values(def.entries as Record<string, unknown>);
      return `(${values.map((v) => `${x} === ${literalCode(v, where)}`).join(' || ')})`;
    }
    case 'nullable': {
      const inner = scalarTest(def.innerType as Schema, x, where);
      return inner === undefined ? undefined : `(${x} === null || (${inner}))`;
    }
    default:
      return undefined;
  }
}

export function generateDocumentParse(root: Schema, names: Map<Schema, string>): string {
  const fnNames = new Map<Schema, string>();
  /** Scalars with the same checks share one function (keyed by their code). */
  const byCode = new Map<string, string>();
  const functions: string[] = [];
  let counter = 0;

  /** Check functions by name (the parse function's name with `check` for `parse`). */
  const checks = new Set<string>();
  /** Key lists of the object schemas' checks, by check name. */
  const keyLists: string[] = [];

  const checkName = (s: Schema, where: string): string => {
    const name = fnName(s, where).replace(/^parse/, 'check');
    if (checks.has(name)) return name;
    checks.add(name); // before the body: a recursive schema refers to itself
    const body = checkBodyOf(s, name, where);
    functions.push(
      `/** In place: ${name.replace(/^check/, 'parse')} would accept v and return its equal. */\nfunction ${name}(v: unknown): boolean {\n${body}\n}`,
    );
    return name;
  };

  const fnName = (s: Schema, where: string): string => {
    const known = fnNames.get(s);
    if (known !== undefined) return known;
    const named = names.get(s);
    const name = named !== undefined ? `parse${named}` : `parse${counter++}`;
    fnNames.set(s, name); // before the body: a recursive schema refers to itself
    const body = bodyOf(s, where);
    const shared = byCode.get(body);
    if (shared !== undefined && named === undefined) {
      fnNames.set(s, shared);
      return shared;
    }
    byCode.set(body, name);
    const doc =
      named !== undefined ? `/** ${named} (first at ${where}). */\n` : `/** ${where} */\n`;
    functions.push(`${doc}function ${name}(v: unknown): unknown {\n${body}\n}`);
    return name;
  };

  /** The body of the in-place check of `s` (see the file's comment): true only when vouched for. */
  function checkBodyOf(s: Schema, name: string, where: string): string {
    const def = defOf(s);
    switch (def.type) {
      case 'string':
      case 'number':
      case 'boolean':
      case 'literal':
      case 'enum':
        return `  return ${scalarTest(s, 'v', where)};`;
      case 'nullable':
        return `  return v === null || ${checkName(def.innerType as Schema, where)}(v);`;
      case 'array': {
        const test = scalarTest(def.element as Schema, 'x', `${where}[]`);
        const each =
          test === undefined
            ? `    if (!${checkName(def.element as Schema, `${where}[]`)}(v[i])) return false;`
            : `    const x: unknown = v[i];\n    if (!(${test})) return false;`;
        return [
          '  if (!isArray(v)) return false;',
          '  for (let i = 0; i < v.length; i++) {',
          each,
          '  }',
          '  return true;',
        ].join('\n');
      }
      case 'tuple': {
        const items = (def.items as Schema[]).map((x, i) => checkName(x, `${where}[${i}]`));
        return [
          `  if (!isArray(v) || v.length !== ${items.length}) return false;`,
          `  return ${items.map((f, i) => `${f}(v[${i}])`).join(' && ')};`,
        ].join('\n');
      }
      case 'record': {
        const value = checkName(def.valueType as Schema, `${where}{}`);
        return [
          '  if (!isPlain(v) || !isPlainObject(v)) return false;',
          '  for (const key of Reflect.ownKeys(v)) {',
          "    if (typeof key !== 'string' || key === '__proto__') return false;",
          '    if (!Object.prototype.propertyIsEnumerable.call(v, key)) return false;',
          `    if (!${value}(v[key])) return false;`,
          '  }',
          '  return true;',
        ].join('\n');
      }
      case 'union': {
        const options = def.options as Schema[];
        const disc = def.discriminator as string | undefined;
        if (disc !== undefined) {
          const cases = options.map((o) => {
            const tag = defOf(shapeOf(o)[disc] as Schema).values as unknown[];
            return `    case ${literalCode(tag[0], where)}:\n      return ${checkName(o, where)}(v);`;
          });
          return [
            '  if (!isObject(v)) return false;',
            `  switch (v[${JSON.stringify(disc)}]) {`,
            ...cases,
            '    default:',
            '      return false;',
            '  }',
          ].join('\n');
        }
        const lines: string[] = [];
        options.forEach((o, i) => {
          const c = checkName(o, `${where}|${i}`);
          if (i === options.length - 1) lines.push(`  return ${c}(v);`);
          else
            lines.push(
              `  if (${c}(v)) return true;`,
              `  if (accepts(${fnName(o, `${where}|${i}`)}, v)) return false; // this option copies it`,
            );
        });
        return lines.join('\n');
      }
      case 'object': {
        const shape = shapeOf(s);
        const keys = Object.keys(shape);
        const list = `${name.replace(/^check/, 'keys')}`;
        keyLists.push(
          `/** The keys of ${name}'s objects, in the schema's order. */\nconst ${list}: readonly string[] = [${keys.map((k) => JSON.stringify(k)).join(', ')}];`,
        );
        const lines = ['  if (!isPlain(v)) return false;'];
        let required = 0;
        for (const key of keys) {
          const k = JSON.stringify(key);
          const field = shape[key] as Schema;
          if (defOf(field).type === 'optional') {
            const inner = defOf(field).innerType as Schema;
            const test =
              scalarTest(inner, 'x', `${where}.${key}`) ??
              `${checkName(inner, `${where}.${key}`)}(x)`;
            lines.push(
              `  if (${k} in v) {`,
              `    const x = v[${k}];`,
              `    if (!(x === undefined || ${test})) return false;`,
              '    n++;',
              '  }',
            );
          } else {
            required++;
            const test = scalarTest(field, 'x', `${where}.${key}`);
            if (test === undefined)
              lines.push(`  if (!${checkName(field, `${where}.${key}`)}(v[${k}])) return false;`);
            else
              lines.push(
                '  {',
                `    const x = v[${k}];`,
                `    if (!(${test})) return false;`,
                '  }',
              );
          }
        }
        // The keys first: a value not in the schema's order fails here, before its children
        lines.splice(
          1,
          0,
          `  const own = keysInOrder(v, ${list});`,
          '  if (own < 0) return false;',
        );
        if (required === keys.length) lines.push(`  return own === ${required};`);
        else {
          lines.splice(3, 0, `  let n = ${required};`);
          lines.push('  return own === n;');
        }
        return lines.join('\n');
      }
      default:
        throw unsupported(`type ${def.type}`, where);
    }
  }

  function bodyOf(s: Schema, where: string): string {
    const def = defOf(s);
    if (checksOf(s).length > 0 && def.type !== 'string' && def.type !== 'number')
      throw unsupported(`checks on ${def.type}`, where);
    switch (def.type) {
      case 'string':
      case 'number':
      case 'boolean':
      case 'literal':
      case 'enum':
        return `  return ${scalarTest(s, 'v', where)} ? v : fail();`;
      case 'nullable': {
        const inner = fnName(def.innerType as Schema, where);
        return `  return v === null ? null : ${inner}(v);`;
      }
      case 'array': {
        const test = scalarTest(def.element as Schema, 'x', `${where}[]`);
        const each =
          test === undefined
            ? `  for (let i = 0; i < v.length; i++) out[i] = ${fnName(def.element as Schema, `${where}[]`)}(v[i]);`
            : `  for (let i = 0; i < v.length; i++) {\n    const x: unknown = v[i];\n    if (!(${test})) return fail();\n    out[i] = x;\n  }`;
        return [
          '  if (!Array.isArray(v)) return fail();',
          '  const out: unknown[] = new Array<unknown>(v.length);',
          each,
          '  return out;',
        ].join('\n');
      }
      case 'tuple': {
        if (def.rest) throw unsupported('a tuple with rest', where);
        const items = (def.items as Schema[]).map((x, i) => fnName(x, `${where}[${i}]`));
        return [
          `  if (!Array.isArray(v) || v.length !== ${items.length}) return fail();`,
          `  return [${items.map((f, i) => `${f}(v[${i}])`).join(', ')}];`,
        ].join('\n');
      }
      case 'record': {
        const keyDef = defOf(def.keyType as Schema);
        if (keyDef.type !== 'string' || checksOf(def.keyType as Schema).length > 0)
          throw unsupported(`record keys of type ${keyDef.type}`, where);
        const value = fnName(def.valueType as Schema, `${where}{}`);
        return [
          '  if (!isPlainObject(v)) return fail();',
          '  const out: Obj = {};',
          '  for (const key of Reflect.ownKeys(v)) {',
          "    if (key === '__proto__' || !Object.prototype.propertyIsEnumerable.call(v, key)) continue;",
          "    if (typeof key !== 'string') return fail();",
          `    out[key] = ${value}(v[key]);`,
          '  }',
          '  return out;',
        ].join('\n');
      }
      case 'union': {
        const options = def.options as Schema[];
        const disc = def.discriminator as string | undefined;
        if (disc !== undefined) {
          const cases = options.map((o, i) => {
            const tag = defOf(o).type === 'object' ? shapeOf(o)[disc] : undefined;
            const tagDef = tag === undefined ? undefined : defOf(tag);
            const values = tagDef?.type === 'literal' ? (tagDef.values as unknown[]) : undefined;
            if (values === undefined || values.length !== 1)
              throw unsupported(
                `discriminated union option ${i} without one literal ${disc}`,
                where,
              );
            const f = fnName(o, `${where}<${String(values[0])}>`);
            return `    case ${literalCode(values[0], where)}:\n      return ${f}(v);`;
          });
          return [
            '  if (!isObject(v)) return fail();',
            `  switch (v[${JSON.stringify(disc)}]) {`,
            ...cases,
            '    default:',
            '      return fail();',
            '  }',
          ].join('\n');
        }
        const tries = options.map((o, i) => {
          const f = fnName(o, `${where}|${i}`);
          return `  try {\n    return ${f}(v);\n  } catch (e) {\n    if (e !== rejected) throw e;\n  }`;
        });
        return [...tries, '  return fail();'].join('\n');
      }
      case 'object': {
        const shape = shapeOf(s);
        const keys = Object.keys(shape);
        const catchall = def.catchall as Schema | undefined;
        const strict = catchall !== undefined && defOf(catchall).type === 'never';
        if (catchall !== undefined && !strict) throw unsupported('an object catchall', where);
        const lines = ['  if (!isObject(v)) return fail();', '  const out: Obj = {};'];
        for (const key of keys) {
          if (key in Object.prototype || key === '__proto__')
            throw unsupported(`key ${key} (inherited by every object)`, where);
          const k = JSON.stringify(key);
          const field = shape[key] as Schema;
          if (defOf(field).type === 'optional') {
            const inner = defOf(field).innerType as Schema;
            if (defOf(inner).type === 'optional' || defOf(inner).type === 'default')
              throw unsupported(`${defOf(inner).type} inside optional`, `${where}.${key}`);
            const test = scalarTest(inner, 'x', `${where}.${key}`);
            const assign =
              test === undefined
                ? `    out[${k}] = x === undefined ? undefined : ${fnName(inner, `${where}.${key}`)}(x);`
                : `    if (!(x === undefined || ${test})) return fail();\n    out[${k}] = x;`;
            lines.push(`  if (${k} in v) {`, `    const x = v[${k}];`, assign, '  }');
          } else {
            const test = scalarTest(field, 'x', `${where}.${key}`);
            if (test === undefined)
              lines.push(`  out[${k}] = ${fnName(field, `${where}.${key}`)}(v[${k}]);`);
            else
              lines.push(
                '  {',
                `    const x = v[${k}];`,
                `    if (!(${test})) return fail();`,
                `    out[${k}] = x;`,
                '  }',
              );
          }
        }
        if (strict) {
          const known = keys.map((key) => `key === ${JSON.stringify(key)}`).join(' || ');
          lines.push('  for (const key in v) {', `    if (!(${known})) return fail();`, '  }');
        }
        lines.push('  return out;');
        return lines.join('\n');
      }
      default:
        throw unsupported(`type ${def.type}`, where);
    }
  }

  const rootName = fnName(root, names.get(root) ?? 'root');
  const rootCheck = checkName(root, names.get(root) ?? 'root');
  // Numbered in the order they are written, for a reader of the file
  const order = new Map<string, string>();
  for (const f of functions) {
    const name = /^function (parse\d+)\(/m.exec(f)?.[1];
    if (name !== undefined) order.set(name, `parse${order.size}`);
  }
  const renumber = (text: string) =>
    text.replace(/\b(parse|check|keys)(\d+)\b/g, (n, kind: string, i: string) => {
      const to = order.get(`parse${i}`);
      return to === undefined ? n : `${kind}${to.slice('parse'.length)}`;
    });
  const body = renumber([...keyLists, ...functions].join('\n\n'));
  return `${header}
${body}

/**
 * The Document as \`Document.parse\` (zod) would return it, or undefined where zod would reject
 * it (or where this parser cannot vouch for zod's answer): the caller then asks zod, which
 * throws its usual error. A value that already is zod's answer (keys in the schema's order,
 * none unknown: what the SEC reader builds) is checked in place and returned as it is, with no
 * copy; anything else is parsed into a fresh copy, or refused, exactly as before.
 */
export function parseDocumentFast(value: unknown): Document | undefined {
  try {
    if (${renumber(rootCheck)}(value)) return value as Document;
    return ${order.get(rootName) ?? rootName}(value) as Document;
  } catch {
    return undefined;
  }
}
`;
}

function shapeOf(s: Schema): Record<string, Schema> {
  return (defOf(s) as unknown as { shape: Record<string, Schema> }).shape;
}

const header = `// GENERATED from the zod schema of the Document (shared/document) by
// test/unit/document/support/document-parse-codegen.ts. Do not edit: change the schema, then
//   UPDATE_DOCUMENT_PARSE=1 npx vitest run --config vitest.config.mts test/unit/document/document-parse-generated.test.ts
// (the same test fails while this file is out of date with the schema).
//
// Why it exists: checking a reader's Document with zod cost a CLI ingest about 45 ms to load
// zod, 15 ms to build the schemas and 70-100 ms to parse a big filing's Document, all cold; this
// does the same check in a few ms without loading zod (docs/BENCHMARKS.md, "CLI start and
// ingest"). It accepts exactly what zod accepts and returns the same value; anything else
// goes to zod (main/document/check-document.ts), so errors read as before. A value that
// already is that value (keys in the schema's order, none unknown) is checked in place by the
// check* functions and returned itself: no second Document to allocate and keep (docs/
// BENCHMARKS.md, "CLI ingest: the Document checked in place").
import type { Document } from './document';

type Obj = Record<string, unknown>;

/** Thrown (and caught in parseDocumentFast) where the value is not what the schema says. */
const rejected = Symbol('rejected');

function fail(): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- a sentinel, never seen outside this file
  throw rejected;
}

/** zod's isObject: what an object schema takes. */
function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** zod's isPlainObject: what a record schema takes. */
function isPlainObject(v: unknown): v is Obj {
  if (!isObject(v)) return false;
  const ctor: unknown = v.constructor;
  if (ctor === undefined || typeof ctor !== 'function') return true;
  const prot: unknown = (ctor as { prototype?: unknown }).prototype;
  if (!isObject(prot)) return false;
  return Object.prototype.hasOwnProperty.call(prot, 'isPrototypeOf');
}

/** An object the checks can vouch for: a plain one, whose copy would be the same object. */
function isPlain(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
}

/** An array the checks can vouch for (JSON writes its elements only, as the copy holds). */
function isArray(v: unknown): v is unknown[] {
  return Array.isArray(v) && Object.getPrototypeOf(v) === Array.prototype;
}

/**
 * How many own enumerable keys an object has (for-in: Object.prototype has none) when they are
 * some of \`keys\`, in their order; -1 when one is not in \`keys\` or out of order. The object is
 * its own copy, key for key, when that number is how many of \`keys\` are \`in\` it (the keys the
 * parser copies).
 */
function keysInOrder(v: Obj, keys: readonly string[]): number {
  let j = 0;
  let n = 0;
  for (const key in v) {
    while (j < keys.length && keys[j] !== key) j++;
    if (j === keys.length) return -1;
    j++;
    n++;
  }
  return n;
}

/** Whether a parse function accepts v (its copy is thrown away). */
function accepts(parse: (v: unknown) => unknown, v: unknown): boolean {
  try {
    parse(v);
    return true;
  } catch (e) {
    if (e !== rejected) throw e;
    return false;
  }
}
`;
