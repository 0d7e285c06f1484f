import type { MeasureText } from './grid-view';

/**
 * Text widths as the grid draws them (13 px, the page's font: styles.css gives the grid the
 * app's font, so what is measured here is what is drawn; bold for sections and totals).
 */
export function canvasMeasure(): MeasureText {
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
      cache.set(key, w);
    }
    return w;
  };
}
