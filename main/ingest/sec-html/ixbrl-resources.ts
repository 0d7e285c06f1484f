import type { RawIxFact, RawXbrlPeriod } from '../table/raw-types';
import type { TagAttributes } from './html-events';

/**
 * The contexts and units of an inline XBRL filing, read from its `ix:resources` (inside the
 * hidden `ix:header`) as the HTML walker passes over them: a context's period (`instant`, or
 * `startDate`/`endDate`, or `forever`) and the dimensions of its segment and scenario
 * (`explicitMember`: axis → member QName; `typedMember`: axis → its value as written), a
 * unit's measures (`measure`, or `divide` with `unitNumerator`/`unitDenominator`). Elements
 * are matched by local name, whatever prefix the filing binds (`xbrli:`, `xbrldi:`).
 */
export interface XbrlContext {
  period: RawXbrlPeriod | null;
  dimensions: Readonly<Record<string, string>>;
  /** The entity's identifier (a CIK for SEC filers). */
  entity: string | null;
}

const noDimensions: Readonly<Record<string, string>> = Object.freeze({});

/** "xbrli:startDate" → "startdate" (htmlparser2 gives tag names lower-cased). */
const localName = (tag: string) => tag.slice(tag.indexOf(':') + 1);

/** "iso4217:USD" → "USD"; "xbrli:shares" → "shares". */
const measureName = (qname: string) => {
  const t = qname.trim();
  return t.slice(t.indexOf(':') + 1);
};

/**
 * A unit as one string: its measures without prefixes, several multiplied with "*", a division
 * as "numerator/denominator" ("USD/shares").
 */
export function unitString(numerator: readonly string[], denominator: readonly string[]): string {
  const num = numerator.map(measureName).join('*') || '1';
  return denominator.length === 0 ? num : `${num}/${denominator.map(measureName).join('*')}`;
}

interface OpenContext {
  id: string;
  start: string | null;
  end: string | null;
  instant: string | null;
  forever: boolean;
  dimensions: [string, string][];
  entity: string | null;
}

interface OpenUnit {
  id: string;
  numerator: string[];
  denominator: string[];
  /** Inside unitDenominator. */
  under: boolean;
}

/** What text is being collected, and where it goes when its element closes. */
type Capture =
  | { kind: 'instant' | 'startdate' | 'enddate' | 'identifier' | 'measure'; text: string }
  | { kind: 'member'; axis: string; text: string; depth: number };

export class XbrlResourceReader {
  readonly contexts = new Map<string, XbrlContext>();
  readonly units = new Map<string, string>();
  private context: OpenContext | null = null;
  private unit: OpenUnit | null = null;
  private capture: Capture | null = null;
  /** Elements open inside a typedMember (its value may sit in an element of its own). */
  private depth = 0;

  open(tag: string, attribs: TagAttributes): void {
    this.depth++;
    if (this.capture?.kind === 'member') return; // a typed member's value element
    const name = localName(tag);
    if (name === 'context') {
      this.context = {
        id: attribs.get('id') ?? '',
        start: null,
        end: null,
        instant: null,
        forever: false,
        dimensions: [],
        entity: null,
      };
    } else if (name === 'unit') {
      this.unit = { id: attribs.get('id') ?? '', numerator: [], denominator: [], under: false };
    } else if (this.context !== null) {
      if (name === 'instant' || name === 'startdate' || name === 'enddate' || name === 'identifier')
        this.capture = { kind: name, text: '' };
      else if (name === 'forever') this.context.forever = true;
      else if (name === 'explicitmember' || name === 'typedmember')
        this.capture = {
          kind: 'member',
          axis: attribs.get('dimension') ?? '',
          text: '',
          depth: this.depth,
        };
    } else if (this.unit !== null) {
      if (name === 'unitdenominator') this.unit.under = true;
      else if (name === 'unitnumerator') this.unit.under = false;
      else if (name === 'measure') this.capture = { kind: 'measure', text: '' };
    }
  }

  text(data: string): void {
    if (this.capture !== null) this.capture.text += data;
  }

  close(tag: string): void {
    const depth = this.depth--;
    const capture = this.capture;
    if (capture?.kind === 'member') {
      if (depth !== capture.depth) return;
      this.capture = null;
      const axis = capture.axis.trim();
      if (this.context !== null && axis !== '' && axis !== '__proto__')
        this.context.dimensions.push([axis, capture.text.replace(/\s+/g, ' ').trim()]);
      return;
    }
    const name = localName(tag);
    if (capture !== null && capture.kind === name) {
      this.capture = null;
      const text = capture.text.trim();
      if (capture.kind === 'measure') {
        if (this.unit !== null)
          (this.unit.under ? this.unit.denominator : this.unit.numerator).push(text);
      } else if (this.context !== null) {
        if (capture.kind === 'instant') this.context.instant = text;
        else if (capture.kind === 'startdate') this.context.start = text;
        else if (capture.kind === 'enddate') this.context.end = text;
        else this.context.entity = text;
      }
      return;
    }
    if (name === 'context' && this.context !== null) {
      const c = this.context;
      this.context = null;
      this.contexts.set(c.id, {
        period: periodOf(c),
        dimensions: c.dimensions.length === 0 ? noDimensions : Object.fromEntries(c.dimensions),
        entity: c.entity,
      });
    } else if (name === 'unit' && this.unit !== null) {
      const u = this.unit;
      this.unit = null;
      if (u.numerator.length > 0) this.units.set(u.id, unitString(u.numerator, u.denominator));
    } else if (name === 'unitdenominator' && this.unit !== null) {
      this.unit.under = false;
    }
  }

  /** Gives a fact its context's period and dimensions and its unit's measures. */
  resolve(fact: RawIxFact): void {
    const context = this.contexts.get(fact.contextRef);
    fact.period = context?.period ?? null;
    fact.dimensions = context?.dimensions ?? noDimensions;
    fact.unit = fact.unitRef === null ? null : (this.units.get(fact.unitRef) ?? null);
  }
}

function periodOf(c: OpenContext): RawXbrlPeriod | null {
  if (c.instant !== null) return { instant: c.instant };
  if (c.start !== null && c.end !== null) return { start: c.start, end: c.end };
  return c.forever ? { forever: true } : null;
}
