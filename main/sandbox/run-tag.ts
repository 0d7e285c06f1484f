/**
 * Host data kept on one run's own object (its QuickJSContext, a host function it registered)
 * under a private symbol, in place of a module-level WeakMap keyed by that object.
 *
 * Why not a WeakMap: the map's table lives in the old generation, so each entry written for a
 * run is an old-to-new pointer, and V8's scavenger keeps a WeakMap's young values alive through
 * it whether or not the key is still alive (the entry is dropped only after the value was
 * copied). A value here reaches its whole run (the context, its handles, the lookup closures),
 * so every run since the last scavenge was copied, then promoted: measured in the worker on
 * the bench's mix (one program in six calls cell()), 1.3-1.4 MB survived each scavenge with the
 * WeakMaps, ~1.0-1.2 MB with the two per-run maps of the cell() path as symbols. A property on
 * the run's own (young) object dies with it.
 *
 * The symbol is not exported: only the module holding a RunTag reads or writes its property,
 * and programs never see host objects at all.
 */
export class RunTag<Owner extends object, Value> {
  private readonly key: symbol;

  constructor(description: string) {
    this.key = Symbol(description);
  }

  get(owner: Owner): Value | undefined {
    return (owner as Record<symbol, Value | undefined>)[this.key];
  }

  has(owner: Owner): boolean {
    return this.get(owner) !== undefined;
  }

  set(owner: Owner, value: Value): void {
    (owner as Record<symbol, Value | undefined>)[this.key] = value;
  }
}
