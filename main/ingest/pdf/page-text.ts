import type { PdfPageProxy } from './pdfjs';

/**
 * One word of a page: a whitespace-free run of characters with its position in PDF user space
 * (points, origin at the bottom-left of the page, y up), as pdf.js reports it.
 */
export interface PdfWord {
  text: string;
  /** Left edge and baseline. */
  x: number;
  y: number;
  width: number;
  /** Font size in points (the text matrix's vertical scale). */
  size: number;
  font: string;
  /** Index of the pdf.js text item the word came from: runs the PDF placed separately. */
  item: number;
}

export interface PageText {
  /** 1-based page number. */
  page: number;
  /** The page's box in user space: [x0, y0, x1, y1]. */
  view: [number, number, number, number];
  words: PdfWord[];
}

interface RawItem {
  str: string;
  transform: number[];
  width: number;
  fontName: string;
}

const isTextItem = (item: object): item is RawItem =>
  'str' in item && 'transform' in item && 'width' in item;

/**
 * Splits a pdf.js text item into words. pdf.js gives one width per item, so positions inside
 * an item are interpolated by character count; that is exact for the common case of one word
 * per item and close enough to tell a word gap from a column gap otherwise.
 */
export function itemWords(item: RawItem, index = 0): PdfWord[] {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform;
  // Rotated text (axis labels, vertical stamps) cannot line up with table rows; it is dropped
  // here rather than mixed into horizontal lines at the wrong place.
  if (Math.abs(b) > 0.01 * Math.abs(a) || Math.abs(c) > 0.01 * Math.abs(d) || a <= 0) return [];
  const str = item.str;
  if (str.trim() === '') return [];
  const size = Math.abs(d) || Math.abs(a);
  const perChar = str.length > 0 ? item.width / str.length : 0;
  const out: PdfWord[] = [];
  for (const m of str.matchAll(/\S+/g)) {
    out.push({
      text: m[0],
      x: e + m.index * perChar,
      y: f,
      width: m[0].length * perChar,
      size,
      font: item.fontName,
      item: index,
    });
  }
  return out;
}

/** The words of one page, in the order pdf.js returned them. */
export async function pageText(page: PdfPageProxy, pageNumber: number): Promise<PageText> {
  const content = await page.getTextContent();
  const words: PdfWord[] = [];
  content.items.forEach((item, i) => {
    if (isTextItem(item)) words.push(...itemWords(item, i));
  });
  const [x0 = 0, y0 = 0, x1 = 612, y1 = 792] = page.view;
  return { page: pageNumber, view: [x0, y0, x1, y1], words };
}
