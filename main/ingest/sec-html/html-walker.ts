import { attributeSlot, readHtml, type TagAttributes, type TagHandler } from './html-events';
import { readInlineStyle, type InlineStyle } from './inline-style';
import { XbrlResourceReader } from './ixbrl-resources';
import type {
  RawCell,
  RawDocument,
  RawIxFact,
  RawItem,
  RawRow,
  RawTable,
} from '../table/raw-types';
import { leadingNbsp, nonSpaceLength } from './text-measure';
import { collapseSpaces } from '../table/collapse-spaces';

/**
 * One pass of htmlparser2 over a filing, keeping only what the builders need: text runs between
 * block elements, and tables as rows of cells with bold/indent facts. No DOM is built, nothing
 * is rendered or executed (script and style contents are skipped), which keeps big filings fast.
 */

/** Elements that start a new line of text; a text run ends at their boundaries. */
const blockTags = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'caption', 'center', 'dd', 'div', 'dl',
  'dt', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header',
  'hr', 'html', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'td', 'th', 'tr', 'ul',
]); // prettier-ignore

/** Never visible: their text is not content (an inline XBRL header holds hidden facts). */
const invisibleTags = new Set([
  'head', 'script', 'style', 'title', 'noscript', 'template', 'ix:header', 'xml',
]); // prettier-ignore

const boldTags = new Set(['b', 'strong', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** Where a raised run is not a footnote mark (it is the cell's or row's own element). */
const tableTags = new Set(['table', 'tr', 'td', 'th']);

const headingTags = new Map([
  ['h1', 1], ['h2', 2], ['h3', 3], ['h4', 4], ['h5', 5], ['h6', 6],
]); // prettier-ignore

/*
 * What the sets above say of a tag, as bits: one lookup per element instead of one per set
 * (tag names are fresh strings, hashed and compared at each lookup). A heading's level sits
 * above the flags.
 */
const isBlock = 1;
const isInvisible = 2;
const isBold = 4;
const isTablePart = 8;
const headingShift = 4;
const tagFlags = new Map<string, number>();
const flag = (tags: Iterable<string>, bit: number) => {
  for (const tag of tags) tagFlags.set(tag, (tagFlags.get(tag) ?? 0) | bit);
};
flag(blockTags, isBlock);
flag(invisibleTags, isInvisible);
flag(boldTags, isBold);
flag(tableTags, isTablePart);
for (const [tag, level] of headingTags) flag([tag], level << headingShift);

const styleSlot = attributeSlot('style');
const hiddenSlot = attributeSlot('hidden');

/** A leading non-breaking space in a cell counts as this much indentation (pt). */
const nbspIndentPt = 2.5;
/** Spans beyond this are malformed or hostile; clamp so the grid stays small. */
const maxSpan = 1000;

/**
 * Bounds on what a filing may ask of the reader. Real filings stay far below them (elements
 * nest some 10 deep, tables have under 100 grid columns and 1,000 cells); hostile HTML of a few hundred KB went
 * far past them: 20,000 nested tables took 4 GB, 10^6 nested spans minutes (every text run and
 * table records its element path, so the work grows with depth squared), a table of 8,000
 * columns a minute. Past a bound the file is refused as too complex, at once. Nesting between
 * maxDepth and maxOpenElements is flattened and read.
 */
export const readerLimits = {
  /** Open elements kept; deeper ones are flattened into the deepest. */
  maxDepth: 256,
  /**
   * Open elements at all. Closing an element searches the open ones (here and in
   * `html-events.ts`), which turns quadratic on a deep stack (with htmlparser2's Parser,
   * which used unshift/shift: 10^5 nested spans 1.3 s, 3 x 10^5 42 s).
   */
  maxOpenElements: 10_000,
  /** Grid columns of one row (the sum of its colspans, each clamped to maxSpan). */
  maxColumns: 2000,
  /** Cells of one table. */
  maxTableCells: 250_000,
  /**
   * Characters of all element paths recorded: half the HTML's length, or this for small files
   * (real filings record 1 to 6 characters of path per 100 of HTML).
   */
  minPathBudget: 4 * 1024 * 1024,
};

/** Thrown by the walker; ingestSecHtml names the file. */
export class TooComplex extends Error {}

/** Shared by the many cells without inline XBRL facts; never mutated (see openFact). */
const noFacts: RawIxFact[] = [];

const plainStyle: InlineStyle = { hidden: false, bold: null, indentPt: 0 };

function span(value: string | undefined): number {
  const n = value === undefined ? 1 : Number.parseInt(value, 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, maxSpan) : 1;
}

interface Frame {
  tag: string;
  /** The tag's `tagFlags`. */
  flags: number;
  /** 1-based position among the parent's children with the same tag (for element paths). */
  index: number;
  /**
   * Children seen so far per tag (see nextIndex): the first tags in two lists, side by side,
   * emptied by setting `childKinds` to 0 when the frame object is reused (a Map's clear
   * allocates; this ran for every element), and the rest, when a filing has more kinds of
   * children than `listedKinds` under one element, in a Map.
   */
  childTags: string[];
  childCounts: number[];
  childKinds: number;
  moreCounts: Map<string, number> | null;
  hidden: boolean;
  bold: boolean;
  sup: boolean;
  /** An `ix:nonFraction` whose fact was placed in a cell (see openFact). */
  fact: boolean;
  /** The element's style attribute; read for indentation only when a cell's text starts. */
  style: string | undefined;
}

/**
 * A superscript or raised run inside a table cell, held until it closes: a footnote mark
 * ("1", "(2)", "*") goes to the cell's footnotes; other raised text ("®") is kept in the text
 * as before (a `<sup>` that is no mark is left out, as before).
 */
interface RaisedRun {
  text: string;
  sup: boolean;
  /** Depth of the element that opened it. */
  depth: number;
  bold: boolean;
}

// one mark: "(1)", "(a)", "1", "a", "*", "†"; bare marks in a list need a separator ("1,2")
const oneMark = String.raw`(?:\(\s*(?:\d{1,2}|[a-z])\s*\)|\d{1,2}|[a-z]|[*\u2020\u2021\u00a7]+)`;
const markList = new RegExp(String.raw`^${oneMark}(?:(?:[\s,]+|(?<=\))|(?=\())${oneMark})*$`, 'i');
const markPart = /\d{1,2}|[a-z]|[*\u2020\u2021\u00a7]+/gi;

/** The marks of a raised run ("(1)(3)" → ["1", "3"]), or null when it is not only marks. */
export function footnoteMarks(text: string): string[] | null {
  const t = text.trim();
  return markList.test(t) ? (t.match(markPart) ?? null) : null;
}

interface TableState {
  raw: RawTable;
  row: RawRow | null;
  cell: RawCell | null;
  /** Depth of the open cell's frame, and whether text has started in it. */
  cellDepth: number;
  cellSawText: boolean;
  /** Cells so far, and grid columns of the open row (see readerLimits). */
  cells: number;
  rowColumns: number;
}

interface TextBuffer {
  text: string;
  chars: number;
  boldChars: number;
  path: string;
  headingTag: number | null;
}

const newFrame = (): Frame => ({
  tag: '',
  flags: 0,
  index: 1,
  childTags: [],
  childCounts: [],
  childKinds: 0,
  moreCounts: null,
  hidden: false,
  bold: false,
  sup: false,
  fact: false,
  style: undefined,
});

/** Kinds of children counted in a frame's lists before its Map (real filings: a few). */
const listedKinds = 16;

/** The 1-based index of a new child `tag` of `frame` among its children with that tag. */
function nextIndex(frame: Frame, tag: string): number {
  const tags = frame.childTags;
  const counts = frame.childCounts;
  const kinds = frame.childKinds;
  for (let i = 0; i < kinds; i++) {
    if (tags[i] === tag) {
      const index = (counts[i] as number) + 1;
      counts[i] = index;
      return index;
    }
  }
  if (kinds < listedKinds) {
    tags[kinds] = tag;
    counts[kinds] = 1;
    frame.childKinds = kinds + 1;
    return 1;
  }
  const more = (frame.moreCounts ??= new Map<string, number>());
  const index = (more.get(tag) ?? 0) + 1;
  more.set(tag, index);
  return index;
}

/** Told of each tag and text run in filing order (`html-events.ts`). */
class Walker implements TagHandler {
  /**
   * The open elements, root first. Frame objects are reused as the depth goes up and down
   * (elements open and close LIFO), so a 2 MB filing does not allocate one per element.
   */
  private readonly frames: Frame[] = [newFrame()];
  private depth = 0;
  private readonly items: RawItem[] = [];
  private readonly tables: TableState[] = [];
  /** The innermost open table (the top of `tables`). */
  private table: TableState | null = null;
  private text: TextBuffer | null = null;
  /** The `ix:nonFraction` elements open in the current cell, outermost first. */
  private readonly openFacts: RawIxFact[] = [];
  /** Every fact placed in a cell, given its context and unit once the file is read. */
  private readonly cellFacts: RawIxFact[] = [];
  private readonly resources = new XbrlResourceReader();
  /** Depth of the open `ix:resources` element (contexts and units), 0 outside it. */
  private resourcesDepth = 0;
  private raisedRun: RaisedRun | null = null;
  private tableCount = 0;
  private ixFactCount = 0;
  private title = '';
  private inTitle = false;
  private pathBudget: number;
  /** Elements open past readerLimits.maxDepth (not in `frames`). */
  private flattened = 0;

  constructor(htmlLength: number) {
    this.pathBudget = Math.max(readerLimits.minPathBudget, htmlLength / 2);
  }

  result(): RawDocument {
    this.flushText();
    while (this.table !== null) this.closeTable();
    const title = this.title.replace(/\s+/g, ' ').trim();
    for (const fact of this.cellFacts) this.resources.resolve(fact);
    return { title, items: this.items, ixFactCount: this.ixFactCount };
  }

  private path(): string {
    let out = '';
    for (let i = 1; i <= this.depth; i++) {
      const f = this.frames[i] as Frame;
      out += `/${f.tag}[${f.index}]`;
    }
    this.pathBudget -= out.length;
    if (this.pathBudget < 0)
      throw new TooComplex('its elements are nested too deeply, too many times');
    return out;
  }

  onopentag(name: string, attribs: TagAttributes): void {
    // Past the depth bound elements are flattened: their text belongs to the deepest element
    // kept, their own structure (tables included) is ignored.
    if (this.depth >= readerLimits.maxDepth) {
      if (this.depth + ++this.flattened > readerLimits.maxOpenElements) {
        throw new TooComplex(`elements are nested more than ${readerLimits.maxOpenElements} deep`);
      }
      return;
    }
    const parent = this.frames[this.depth] as Frame;
    const index = nextIndex(parent, name);
    const flags = tagFlags.get(name) ?? 0;
    const styleText = attribs.at(styleSlot);
    const style = styleText === undefined ? plainStyle : readInlineStyle(styleText, false);
    const hidden =
      parent.hidden ||
      style.hidden ||
      (flags & isInvisible) !== 0 ||
      attribs.at(hiddenSlot) !== undefined;
    if (name === 'title') this.inTitle = true;
    if ((flags & isBlock) !== 0 || name === 'br') this.boundary(name);
    this.depth++;
    let frame = this.frames[this.depth];
    if (frame === undefined) {
      frame = newFrame();
      this.frames.push(frame);
    } else {
      frame.childKinds = 0;
      frame.moreCounts = null;
    }
    frame.tag = name;
    frame.flags = flags;
    frame.index = index;
    frame.hidden = hidden;
    frame.bold = style.bold ?? ((flags & isBold) !== 0 || parent.bold);
    frame.sup = parent.sup || name === 'sup';
    frame.fact = false;
    frame.style = styleText;
    if (this.resourcesDepth > 0) this.resources.open(name, attribs);
    else if (name === 'ix:resources') this.resourcesDepth = this.depth;
    if (
      (name === 'sup' || style.raised === true) &&
      (flags & isTablePart) === 0 &&
      this.raisedRun === null &&
      this.table?.cell != null
    ) {
      this.raisedRun = { text: '', sup: name === 'sup', depth: this.depth, bold: frame.bold };
    }
    if (name === 'table') this.openTable(hidden);
    else if (name === 'tr') this.openRow();
    else if (name === 'td' || name === 'th') this.openCell(name, attribs);
    else if (name === 'ix:nonfraction' && !hidden) frame.fact = this.openFact(attribs);
    else if (this.table === null && flags >> headingShift !== 0)
      this.startText(flags >> headingShift);
  }

  onclosetag(name: string): void {
    if (this.flattened > 0) {
      this.flattened--;
      return;
    }
    let at = this.depth;
    while (at > 0 && (this.frames[at] as Frame).tag !== name) at--;
    if (at === 0) return; // a stray end tag
    while (this.depth >= at) {
      this.closeElement(this.frames[this.depth] as Frame);
      this.depth--;
    }
  }

  private closeElement(frame: Frame): void {
    const tag = frame.tag;
    if (this.resourcesDepth > 0) {
      if (this.depth === this.resourcesDepth) this.resourcesDepth = 0;
      else this.resources.close(tag);
    }
    if (this.raisedRun !== null && this.raisedRun.depth === this.depth) this.closeRaisedRun();
    if (tag === 'title') this.inTitle = false;
    else if (tag === 'td' || tag === 'th') this.closeCell();
    else if (tag === 'tr') this.closeRow();
    else if (tag === 'table') this.closeTable();
    else if (tag === 'ix:nonfraction' && frame.fact) this.closeFact();
    if ((frame.flags & isBlock) !== 0 && tag !== 'table' && tag !== 'tr') this.boundary(tag);
  }

  ontext(data: string): void {
    if (this.inTitle) {
      this.title += data;
      return;
    }
    if (this.resourcesDepth > 0) {
      this.resources.text(data); // hidden: contexts and units, never content
      return;
    }
    const frame = this.frames[this.depth] as Frame;
    if (frame.hidden) return;
    const table = this.table;
    if (table !== null) {
      const cell = table.cell;
      if (cell === null) return;
      if (this.raisedRun !== null && this.openFacts.length === 0) {
        this.raisedRun.text += data;
        return;
      }
      if (frame.sup) return; // footnote marks are not part of a value
      this.appendCellText(table, cell, data, frame.bold);
      return;
    }
    const n = nonSpaceLength(data);
    if (this.text === null) {
      if (n === 0) return;
      this.startText(null);
    }
    const buf = this.text as TextBuffer;
    buf.text += data;
    buf.chars += n;
    if (frame.bold) buf.boldChars += n;
  }

  private appendCellText(table: TableState, cell: RawCell, data: string, bold: boolean): void {
    const n = nonSpaceLength(data);
    if (n > 0 && !table.cellSawText) {
      table.cellSawText = true;
      cell.indentPt =
        this.cellIndent(table.cellDepth) + leadingNbsp(cell.text + data) * nbspIndentPt;
    }
    cell.text += data;
    cell.chars += n;
    if (bold) cell.boldChars += n;
    for (let i = 0; i < this.openFacts.length; i++) (this.openFacts[i] as RawIxFact).shown += data;
  }

  /** A raised run ends: its marks become the cell's footnotes, other raised text stays. */
  private closeRaisedRun(): void {
    const run = this.raisedRun;
    this.raisedRun = null;
    const table = this.table;
    const cell = table?.cell;
    if (run === null || table === null || cell === null || cell === undefined) return;
    const marks = footnoteMarks(run.text);
    if (marks !== null) cell.footnotes = [...(cell.footnotes ?? []), ...marks];
    else if (!run.sup) this.appendCellText(table, cell, run.text, run.bold);
  }

  /** Left indentation of the cell's first text: the cell's and its descendants' own indents. */
  private cellIndent(cellDepth: number): number {
    let pt = 0;
    for (let d = cellDepth; d <= this.depth; d++) {
      const style = (this.frames[d] as Frame).style;
      if (style !== undefined) pt += readInlineStyle(style, true).indentPt;
    }
    return pt;
  }

  /** A block edge: ends the current text run, or separates words inside a table cell. */
  private boundary(tag: string): void {
    const cell = this.table?.cell;
    if (cell) {
      if (tag !== 'td' && tag !== 'th') cell.text += ' ';
      return;
    }
    if (tag === 'br') {
      if (this.text !== null) this.text.text += ' ';
      return;
    }
    this.flushText();
  }

  private startText(headingTag: number | null): void {
    this.flushText();
    this.text = { text: '', chars: 0, boldChars: 0, path: this.path(), headingTag };
  }

  private flushText(): void {
    const buf = this.text;
    this.text = null;
    if (buf === null || buf.chars === 0) return;
    this.items.push({
      type: 'text',
      text: collapseSpaces(buf.text).trim(),
      path: buf.path,
      headingTag: buf.headingTag,
      chars: buf.chars,
      boldChars: buf.boldChars,
    });
  }

  private openTable(hidden: boolean): void {
    this.flushText();
    const raw: RawTable = {
      type: 'table',
      sourceIndex: this.tableCount++,
      path: this.path(),
      hidden,
      rows: [],
    };
    this.items.push(raw);
    this.table = {
      raw,
      row: null,
      cell: null,
      cellDepth: 0,
      cellSawText: false,
      cells: 0,
      rowColumns: 0,
    };
    this.tables.push(this.table);
  }

  private closeTable(): void {
    this.closeRow();
    this.tables.pop();
    this.table = this.tables[this.tables.length - 1] ?? null;
  }

  private openRow(): void {
    const table = this.table;
    if (table === null) return;
    this.closeRow();
    table.row = { cells: [] };
    table.rowColumns = 0;
    table.raw.rows.push(table.row);
  }

  private closeRow(): void {
    this.closeCell();
    if (this.table !== null) this.table.row = null;
  }

  private countCell(table: TableState, cell: RawCell): void {
    table.rowColumns += cell.colspan;
    if (table.rowColumns > readerLimits.maxColumns)
      throw new TooComplex(`a table row spans more than ${readerLimits.maxColumns} columns`);
    if (++table.cells > readerLimits.maxTableCells)
      throw new TooComplex(`a table has more than ${readerLimits.maxTableCells} cells`);
  }

  private openCell(name: string, attribs: TagAttributes): void {
    const table = this.table;
    if (table === null) return;
    this.closeCell();
    if (table.row === null) this.openRow(); // a cell without <tr>: browsers imply one
    table.cell = {
      text: '',
      colspan: span(attribs.get('colspan')),
      rowspan: span(attribs.get('rowspan')),
      isTh: name === 'th',
      chars: 0,
      boldChars: 0,
      indentPt: 0,
      facts: noFacts,
      footnotes: undefined, // set here so that cells keep one shape when marks are added
    };
    table.cellDepth = this.depth;
    table.cellSawText = false;
  }

  private closeCell(): void {
    const table = this.table;
    const cell = table?.cell;
    if (table === null || cell === null || cell === undefined) return;
    this.openFacts.length = 0;
    if (this.raisedRun !== null) this.closeRaisedRun();
    if (table.row) {
      table.row.cells.push(cell);
      this.countCell(table, cell);
    }
    table.cell = null;
  }

  /**
   * A fact opens in a cell: it joins the cell's facts in the order facts open (a fact nested
   * in another, which iXBRL allows, comes after it and shows the same digits) and collects the
   * cell text written until it closes.
   */
  private openFact(attribs: TagAttributes): boolean {
    this.ixFactCount++;
    const cell = this.table?.cell;
    if (cell == null) return false;
    const scale = Number.parseInt(attribs.get('scale') ?? '0', 10);
    const nil = attribs.get('xsi:nil');
    const fact: RawIxFact = {
      name: attribs.get('name') ?? '',
      contextRef: attribs.get('contextref') ?? '',
      unitRef: attribs.get('unitref') ?? null,
      scale: Number.isFinite(scale) ? scale : 0,
      negated: attribs.get('sign') === '-',
      format: attribs.get('format') ?? null,
      decimals: attribs.get('decimals') ?? null,
      nil: nil === 'true' || nil === '1',
      shown: '',
      period: null,
      dimensions: {},
      unit: null,
    };
    this.openFacts.push(fact);
    this.cellFacts.push(fact);
    cell.facts = cell.facts === noFacts ? [fact] : [...cell.facts, fact];
    return true;
  }

  private closeFact(): void {
    this.openFacts.pop();
  }
}

/** What the speed benchmark's baseline tokenizes with (htmlparser2's Parser, no handlers): the
 * options the reader's own reading of the Tokenizer matches (`html-events.ts`). */
export const parserOptions = { decodeEntities: true, recognizeSelfClosing: true } as const;

/** `onProgress` receives the share of the text tokenized so far (0..1). */
export function walkHtml(html: string, onProgress?: (share: number) => void): RawDocument {
  const walker = new Walker(html.length);
  readHtml(html, walker, onProgress);
  return walker.result();
}
