import { describe, expect, expectTypeOf, it } from 'vitest';
import { compact } from '../../../shared/util/compact';

/** A value whose static type admits undefined, so the checker cannot narrow it away. */
const maybe = <T>(value: T | undefined): T | undefined => value;

describe('compact', () => {
  it('drops the undefined-valued keys and keeps null, 0, empty string and false', () => {
    const out = compact({
      a: undefined,
      b: null,
      c: 0,
      d: '',
      e: false,
      f: 'x',
      g: maybe<number>(undefined),
    });
    expect(out).toStrictEqual({ b: null, c: 0, d: '', e: false, f: 'x' });
    expect(Object.keys(out)).toEqual(['b', 'c', 'd', 'e', 'f']);
    expect('a' in out).toBe(false);
    expect('g' in out).toBe(false);
  });

  it('copies only own enumerable keys, never the prototype', () => {
    const withProto = Object.create({ inherited: 1 }) as { own?: number; inherited?: number };
    withProto.own = 2;
    const out = compact(withProto);
    expect(out).toStrictEqual({ own: 2 });
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });

  it('keeps an own __proto__ key as a plain key instead of setting the prototype', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": true}, "k": 1}') as Record<
      string,
      unknown
    >;
    const out = compact(parsed);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect((out as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.keys(out)).toEqual(['__proto__', 'k']);
  });

  it('returns a new object and leaves the input alone', () => {
    const input = { a: 1, b: undefined };
    const out = compact(input);
    expect(out).not.toBe(input);
    expect(input).toStrictEqual({ a: 1, b: undefined });
  });

  it('types: keys that admit undefined become optional without undefined, others stay required', () => {
    const out = compact({
      n: 1,
      s: maybe('x'),
      o: maybe<{ k: number }>({ k: 1 }),
      nul: maybe<null>(null),
    });
    expectTypeOf(out).toEqualTypeOf<{ n: number; s?: string; o?: { k: number }; nul?: null }>();
    expectTypeOf(out.n).toEqualTypeOf<number>();
    // Reading an optional key still gives undefined when it is absent.
    expectTypeOf(out.s).toEqualTypeOf<string | undefined>();

    // Under exactOptionalPropertyTypes (tsconfig.base.json) `s?: string` rejects an explicit
    // undefined, so this fails to compile if compact's result type still let `s` hold undefined.
    const exact: { n: number; s?: string } = compact({ n: 1, s: maybe('x') });
    void exact;

    // A required key stays required: the result is not assignable where `s` must be present.
    // @ts-expect-error -- `s` became optional
    const needsS: { s: string } = out;
    void needsS;

    // The keys already optional in the input stay optional.
    const partial: { a?: number; b: number } = { b: 2 };
    expectTypeOf(compact(partial)).toEqualTypeOf<{ a?: number; b: number }>();
  });
});
