/**
 * T with every key whose type admits undefined made optional and undefined taken out of its type;
 * the other keys stay as they are. `{ a: number; b: string | undefined }` → `{ a: number; b?: string }`.
 * (`as` remapping over `keyof T` keeps readonly and an existing `?`.)
 */
export type Compact<T> = Flat<
  { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
    [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
  }
>;

/** One object type instead of an intersection, so editors and errors show the plain shape. */
type Flat<T> = { [K in keyof T]: T[K] } & {};

/**
 * The object without its undefined-valued keys.
 *
 * Why: with `exactOptionalPropertyTypes` an optional key (`k?: T`) may be absent but may not hold
 * undefined, so an object built from values that may be undefined has to leave those keys out.
 * `compact({ seed, limit: o.limit })` says that once instead of one conditional spread per key
 * (`...(seed === undefined ? {} : { seed })`).
 *
 * Only own enumerable keys are copied (nothing from the prototype); null, 0, '' and false are kept.
 * Object.fromEntries defines each key, so an own `__proto__` key stays a plain key.
 */
export function compact<T extends object>(obj: T): Compact<T> {
  const kept = Object.entries(obj).filter(([, value]) => value !== undefined);
  // The one cast: the filter above is what makes the undefined-valued keys absent, which the type
  // system cannot follow through Object.entries.
  return Object.fromEntries(kept) as Compact<T>;
}
