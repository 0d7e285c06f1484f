import { describe, expect, it } from 'vitest';
import { tokenize } from '../../../renderer/components/program/highlight-js';

const kinds = (src: string) =>
  tokenize(src)
    .filter((t) => t.kind !== 'space')
    .map((t) => `${t.kind}:${t.text}`);

describe('program highlighter', () => {
  it('cuts a program into tokens whose texts give back the program exactly', () => {
    const src = [
      'function solution() {',
      '  // revenue, in millions',
      "  const a = cell('t21', ['Revenue'], [\"Jan 26, 2025\"]);",
      '  const b = cellInfo(`t21`, 0, 1).base; /* base units */',
      '  return (a - b) / b * 100 + 1.5e3 + 0x1F;',
      '}',
    ].join('\n');
    expect(
      tokenize(src)
        .map((t) => t.text)
        .join(''),
    ).toBe(src);
    const k = kinds(src);
    expect(k).toContain('keyword:function');
    expect(k).toContain('keyword:const');
    expect(k).toContain('keyword:return');
    expect(k).toContain('helper:cell');
    expect(k).toContain('helper:cellInfo');
    expect(k).toContain("string:'t21'");
    expect(k).toContain('string:"Jan 26, 2025"');
    expect(k).toContain('string:`t21`');
    expect(k).toContain('comment:// revenue, in millions');
    expect(k).toContain('comment:/* base units */');
    expect(k).toContain('number:100');
    expect(k).toContain('number:1.5e3');
    expect(k).toContain('number:0x1F');
    expect(k).toContain('identifier:solution');
  });

  it('keeps markup as plain text tokens (nothing is interpreted)', () => {
    const src = "const s = '<img src=x onerror=alert(1)>'; <script>";
    const tokens = tokenize(src);
    expect(tokens.map((t) => t.text).join('')).toBe(src);
    expect(tokens.find((t) => t.kind === 'string')?.text).toBe("'<img src=x onerror=alert(1)>'");
  });

  it('survives unterminated strings and comments', () => {
    for (const src of ["const a = 'open", '/* never closed', '"a\\"b', '`x${y}']) {
      expect(
        tokenize(src)
          .map((t) => t.text)
          .join(''),
      ).toBe(src);
    }
  });
});
