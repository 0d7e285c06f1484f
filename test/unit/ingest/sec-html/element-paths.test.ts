import { describe, expect, it } from 'vitest';
import { walkHtml } from '../../../../main/ingest/sec-html/html-walker';
import type { RawText } from '../../../../main/ingest/table/raw-types';

/** The element path of each text run the walker reads, by its text. */
function pathsOf(html: string): Record<string, string> {
  const texts = walkHtml(html).items.filter((i): i is RawText => i.type === 'text');
  return Object.fromEntries(texts.map((t) => [t.text, t.path]));
}

describe('element paths count same-tag siblings', () => {
  it('counts per parent and per tag, and starts again under each new parent', () => {
    const paths = pathsOf(
      '<body><div><p>a</p><p>b</p><h2>c</h2><p>d</p></div><div><p>e</p></div></body>',
    );
    expect(paths).toEqual({
      a: '/body[1]/div[1]/p[1]',
      b: '/body[1]/div[1]/p[2]',
      c: '/body[1]/div[1]/h2[1]',
      d: '/body[1]/div[1]/p[3]',
      e: '/body[1]/div[2]/p[1]',
    });
  });

  // The walker lists a parent's first 16 kinds of children and keeps the rest in a Map: both
  // must count, and a reused frame must forget the children of the element it held before
  it('counts past the kinds listed per parent, and forgets them for the next parent', () => {
    const kinds = Array.from({ length: 20 }, (_, i) => `x${i}`);
    const once = kinds.map((k) => `<${k}></${k}>`).join('');
    const html =
      `<body><div>${once}<x18><p>late</p></x18><x3><p>early</p></x3></div>` +
      `<div>${once}<x18><p>fresh</p></x18></div></body>`;
    const paths = pathsOf(html);
    expect(paths.late).toBe('/body[1]/div[1]/x18[2]/p[1]');
    expect(paths.early).toBe('/body[1]/div[1]/x3[2]/p[1]');
    expect(paths.fresh).toBe('/body[1]/div[2]/x18[2]/p[1]');
  });
});
