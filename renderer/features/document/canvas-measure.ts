import type { MeasureText } from './grid-view';

/** Widths kept at most (every distinct text of the tables seen in this window, bold or not). */
const MAX_KEPT = 50_000;

let shared: MeasureText | undefined;

/**
 * Text widths as the grid draws them (13 px, the page's font: styles.css gives the grid the
 * app's font, so what is measured here is what is drawn; bold for sections and totals).
 *
 * One measurer for the window: the page's font is read once (`getComputedStyle` of the body
 * recalculated the whole page's styles inside the first grid's render, after the app's DOM
 * had changed: up to ~13 ms on the way to a cached filing's first grid, docs/BENCHMARKS.md),
 * and a text measured for one table is not measured again for the next. The page's fonts are
 * system fonts (no web font loads later and changes the widths).
 */
export function canvasMeasure(): MeasureText {
  shared ??= newMeasure();
  return shared;
}

/**
 * Reads the page's font now (the boot script calls it right after drawing its picture of the
 * first screen, when the page's styles are recalculated for that frame anyway), so the first
 * grid's render does not.
 */
export function prepareCanvasMeasure(): void {
  canvasMeasure();
}

function newMeasure(): MeasureText {
  const ctx = document.createElement('canvas').getContext('2d');
  const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
  const cache = new Map<string, number>();
  return (text, bold) => {
    const key = `${bold ? 'b' : 'n'}${text}`;
    let w = cache.get(key);
    if (w === undefined) {
      if (ctx) {
        ctx.font = `${bold ? 600 : 400} 13px ${family}`;
        w = ctx.measureText(text).width;
      } else w = text.length * 7.5;
      if (cache.size >= MAX_KEPT) cache.clear();
      cache.set(key, w);
    }
    return w;
  };
}
