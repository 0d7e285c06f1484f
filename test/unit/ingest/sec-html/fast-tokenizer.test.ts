import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../../shared/stats/rng';
import { firstDifference, slicesOf, tokenizerCalls } from '../../../support/tokenizer-events';

/**
 * The reader's FastTokenizer skips the characters that change nothing but the position (in
 * text and quoted attribute values): its callbacks must be the stock Tokenizer's, the same
 * calls with the same positions, also when the text comes in slices that end inside a tag, a
 * name or a value. html-events.test.ts compares the Parser's events; this compares the
 * Tokenizer's calls themselves. Every filing: test/integration/ingest/fast-tokenizer-filings.test.ts.
 */

function expectSameCalls(slices: string[]): void {
  const d = firstDifference(tokenizerCalls(false, slices), tokenizerCalls(true, slices));
  expect(d.at, `${JSON.stringify(slices)}\n${d.context}`).toBe(-1);
}

describe('FastTokenizer: the stock Tokenizer, call for call', () => {
  it('tags, names and values of every kind', () => {
    const cases = [
      '<DIV STYLE="a:b" Id=x><Td ColSpan="2">x</TD></div>',
      '<td colspan=3 hidden rowspan=2>x</td><p hidden>y</p><a b = c d=e&amp;f g=h&i>',
      '<ix:nonFraction name="us-gaap:X" contextRef="c1">1</ix:nonFraction ><br/><hr / >',
      '<a\tb\nc\fd\re=f\vg>x</a\t><a/b/c>y</a\n x>',
      '<script>if (a<b && c) {}</script><style>p{x:"</"}</style><title>A &amp; B <i></title>',
      '<!DOCTYPE html><!-- <td> --><![CDATA[x<y]]><?xml v?>a< b <1 <> </> </ x>',
      '<span st&amp;yle="x" =y a==b>z</span><div ="q">r</div><x a=>y',
      '<td unclosed name',
      '<td a=unquoted',
      '</unclosed end',
    ];
    for (const html of cases) {
      expectSameCalls([html]);
      for (const size of [1, 2, 3, 7]) expectSameCalls(slicesOf(html, size));
    }
  });

  it('random characters in random slices (seeded)', { timeout: 30_000 }, () => {
    const alphabet = '<>/="\' \t\n\f\r\v&;#x0aAbBsStT!-?[]';
    const rng = mulberry32(2023);
    for (let n = 0; n < 4000; n++) {
      let html = '';
      const length = 1 + Math.floor(rng() * 50);
      for (let i = 0; i < length; i++) html += alphabet[Math.floor(rng() * alphabet.length)];
      expectSameCalls([html]);
      expectSameCalls(slicesOf(html, 1 + Math.floor(rng() * 8)));
    }
  });
});
