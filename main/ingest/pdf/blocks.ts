import type { Block, PageBox } from '../../../shared/document';
import type { Line } from './lines';

/** A piece of a flow in reading order: text lines, or a table found there. */
export type FlowItem = { kind: 'line'; line: Line } | { kind: 'table'; id: string; box: PageBox };

const textOf = (l: Line) => l.segments.map((s) => s.text).join(' ');

function boxOf(lines: Line[]): PageBox {
  const x0 = Math.min(...lines.map((l) => l.x0));
  const x1 = Math.max(...lines.map((l) => l.x1));
  const top = Math.max(...lines.map((l) => l.y + l.size));
  const bottom = Math.min(...lines.map((l) => l.y - 0.25 * l.size));
  return { x: x0, y: bottom, width: Math.max(0, x1 - x0), height: Math.max(0, top - bottom) };
}

/** The font size most text of the page is set in (weighted by characters). */
export function bodySize(lines: Line[]): number {
  const chars = new Map<number, number>();
  for (const l of lines) {
    const key = Math.round(l.size * 2) / 2;
    chars.set(key, (chars.get(key) ?? 0) + textOf(l).length);
  }
  let best = 10;
  let most = -1;
  for (const [size, n] of chars) {
    if (n > most) {
      best = size;
      most = n;
    }
  }
  return best;
}

/**
 * Heading levels from type alone (pdf.js does not tell bold fonts apart without rendering):
 * clearly larger than the body text, or a short line in capitals ("ITEM 7. MANAGEMENT'S…").
 */
function headingLevel(l: Line, body: number): number | null {
  const text = textOf(l);
  if (text.length > 120 || !/[A-Za-z]{2}/.test(text)) return null;
  if (l.size >= 1.35 * body) return 1;
  if (l.size >= 1.12 * body) return 2;
  const words = text.split(/\s+/);
  if (words.length <= 12 && text === text.toUpperCase() && /[A-Z]{3}/.test(text)) return 3;
  return null;
}

/**
 * Paragraphs and headings of one page, in flow order, with table markers where tables were.
 * A paragraph ends at a gap wider than the usual line pitch, at a change of font size, or at a
 * heading.
 */
export function pageBlocks(flows: FlowItem[][], page: number, body: number): Block[] {
  const blocks: Block[] = [];
  let n = 0;
  const id = () => `p${page}-b${n++}`;
  for (const flow of flows) {
    let para: Line[] = [];
    const flush = () => {
      if (para.length === 0) return;
      const text = para.map(textOf).join(' ').replace(/\s+/g, ' ').trim();
      if (text !== '') {
        blocks.push({
          type: 'paragraph',
          id: id(),
          text,
          location: { kind: 'pdf', page, box: boxOf(para) },
        });
      }
      para = [];
    };
    for (const item of flow) {
      if (item.kind === 'table') {
        flush();
        blocks.push({ type: 'table', id: item.id, location: { kind: 'pdf', page, box: item.box } });
        continue;
      }
      const l = item.line;
      const level = headingLevel(l, body);
      if (level !== null) {
        flush();
        const prev = blocks.at(-1);
        // A heading wrapped over two lines of the same size is one heading.
        if (prev?.type === 'heading' && prev.level === level && prev.location.kind === 'pdf') {
          const box = prev.location.box;
          if (box.y - l.y < 2 * l.size) {
            prev.text = `${prev.text} ${textOf(l)}`;
            continue;
          }
        }
        blocks.push({
          type: 'heading',
          id: id(),
          level,
          text: textOf(l),
          location: { kind: 'pdf', page, box: boxOf([l]) },
        });
        continue;
      }
      const last = para.at(-1);
      if (last) {
        const pitch = last.y - l.y;
        const sizeChange = Math.abs(last.size - l.size) > 0.1 * last.size;
        if (pitch > 1.7 * Math.max(last.size, l.size) || pitch < 0 || sizeChange) flush();
      }
      para.push(l);
    }
    flush();
  }
  return blocks;
}
