import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import {
  readAttributeNames,
  readHtml,
  type TagAttributes,
} from '../../../../main/ingest/sec-html/html-events';
import { parserOptions } from '../../../../main/ingest/sec-html/html-walker';

/**
 * The reader drives htmlparser2's Tokenizer itself (`html-events.ts`, skipping plain text and
 * quoted values in `fast-tokenizer.ts`). Its events must be the stock Parser's, one for one:
 * same tags, same order, same text runs, same values of the attributes it reads.
 */

type Event = string;

const attributesOf = (get: (name: string) => string | undefined): string =>
  readAttributeNames
    .flatMap((n) => {
      const v = get(n);
      return v === undefined ? [] : [`${n}=${JSON.stringify(v)}`];
    })
    .join(' ');

/** The stock Parser's events, written down as text (attributes: only those the reader reads). */
function parserEvents(html: string, slices: string[] = [html]): Event[] {
  const out: Event[] = [];
  const parser = new Parser(
    {
      onopentag: (name, attribs) => out.push(`<${name} ${attributesOf((n) => attribs[n])}>`),
      onclosetag: (name) => out.push(`</${name}>`),
      ontext: (data) => out.push(`"${data}"`),
    },
    parserOptions,
  );
  for (const s of slices) parser.write(s);
  parser.end();
  return out;
}

function readerEvents(html: string, onProgress?: (share: number) => void): Event[] {
  const out: Event[] = [];
  readHtml(
    html,
    {
      onopentag: (name: string, attribs: TagAttributes) =>
        out.push(`<${name} ${attributesOf((n) => attribs.get(n as never))}>`),
      onclosetag: (name: string) => out.push(`</${name}>`),
      ontext: (data: string) => out.push(`"${data}"`),
    },
    onProgress,
  );
  return out;
}

const cases: Record<string, string> = {
  'upper case tags and attributes': '<DIV STYLE="a:b" Id=x><Td ColSpan="2">x</TD></div>',
  'repeated attribute: the first wins': '<td colspan="2" colspan="3" style="a" STYLE="b">x</td>',
  'entities in values and text':
    '<span style="font-family:&quot;Times&quot;;x&amp;y" name=\'a&lt;b\'>A&amp;B &#160;&nbsp;&copy &notit; &#x27;</span>',
  'unquoted and valueless attributes': '<td colspan=3 hidden rowspan=2>x</td><p hidden>y</p>',
  'implied closes':
    '<table><tr><td>a<td>b<tr><th>c<td>d</table><ul><li>1<li>2</ul><p>a<p>b<div>c</div>',
  'stray and odd end tags': '</p>x</br>y<br/>z</span></div><b>q</b></td>',
  'void and self-closing': '<img src=x><hr/><div/>a<span/>b<input>c<col>',
  'left open at the end': '<html><body><div><table><tr><td>open',
  'unterminated tag and value': '<div style="never closed',
  'special contents':
    '<script>if (a<b && c) {}</script><style>p{x:"</"}</style><title>A &amp; B <i></title>',
  'comments, CDATA, declarations': '<!DOCTYPE html><!-- <td> --><![CDATA[x<y]]><?xml v?>a< b <1 <>',
  'xbrl names':
    '<ix:nonFraction name="us-gaap:X" contextRef="c1" unitRef="usd" scale="6" sign="-" format="ixt:num-dot-decimal" decimals="-6" xsi:nil="true">1</ix:nonFraction><xbrldi:explicitMember dimension="a:B">m</xbrldi:explicitMember>',
  'names near the wanted ones':
    '<td sTyLe="a" Scale="2" stile="x" colSpam="3" CONTEXTREF="c" unitREF="u" Xsi:Nil="true" ' +
    'hiddenx dimensio="d">x</TD ><Span>y</SPAN><div>z</div >',
  'known tag names in every case':
    '<TABLE><TR><Td>a</TD><td>b<ix:nonFraction name="n">1</IX:NONFRACTION><IX:nonfraction>2' +
    '</ix:nonFraction><ix:NonFraction>3</ix:nonfraction></td></Tr></table><DIV><Span>x</SPAN>' +
    '<xbrli:startDate>d</xbrli:startdate><XBRLI:STARTDATE>e</XBRLI:STARTDATE><sUp>1</sup></DIV>' +
    '<b>q</B><BR><Br/><H1>h</h1><tdx>y</tdx><t>z</t><spans>w</spans><STYLE>s</STYLE>',
  'names outside ASCII': '<td \u212Aey="k" st\u0130yle="s" style="t">x</td>',
  'foreign content': '<svg><path d="x"/><title>t</title></svg><math><mi>x</mi></math>',
  'select and form tags':
    '<select><option>a<option>b<optgroup><option>c</select><button><input></button>',
};

describe("html-events: the Parser's events from the Tokenizer", () => {
  for (const [name, html] of Object.entries(cases)) {
    it(name, () => {
      expect(readerEvents(html)).toEqual(parserEvents(html));
    });
  }

  it('random tag soup (seeded)', () => {
    const pieces = [
      '<div>', '</div>', '<p>', '</p>', '<td style="a&amp;b">', '<TR>', '</tr>', '<table>',
      '</table>', 'text', '&nbsp;', '&', '<', '>', '"', "'", '=', '<br/>', '</br>', '<img src=x>',
      '<!-- c -->', '<script>x<y</script>', '<title>a&amp;b</title>', ' ', '\n', '<span hidden>',
      '</span>', "<a href='q' STYLE=\"x\">", '<li>', '<ul>', '</ul>', '<h1>', '</h1>', '<th colspan=2>',
      '<ix:nonFraction name="a" contextRef="c" scale="3">', '</ix:nonFraction>', '<td ', 'style="',
      'x;y', '/>', '</', '<!', '&#160;', '&#x;', '<option>', '<select>', '</select>', '<svg>', '</svg>',
    ]; // prettier-ignore
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
    for (let n = 0; n < 400; n++) {
      let html = '';
      const length = 1 + Math.floor(next() * 60);
      for (let i = 0; i < length; i++) html += pieces[Math.floor(next() * pieces.length)];
      expect(readerEvents(html), html).toEqual(parserEvents(html));
    }
  });

  it('random characters (seeded): every tokenizer state', () => {
    const alphabet = '<>/="\' &;#x0aAbB!-?[]\n';
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
    for (let n = 0; n < 1000; n++) {
      let html = '';
      const length = 1 + Math.floor(next() * 40);
      for (let i = 0; i < length; i++) html += alphabet[Math.floor(next() * alphabet.length)];
      expect(readerEvents(html), JSON.stringify(html)).toEqual(parserEvents(html));
    }
  });

  it('a filing written in slices (progress reported) gives the same events', () => {
    const sample = readFileSync(
      join(
        __dirname,
        '..',
        '..',
        '..',
        '..',
        'assets',
        'sample',
        'northwind-instruments-10-k-2025.html',
      ),
      'utf8',
    );
    // Above the 1 MiB slice, so the tokenizer is written several times; slices cut tags and values
    let html = sample;
    while (html.length < 2.5 * 1024 * 1024) html += sample;
    const slices: string[] = [];
    for (let at = 0; at < html.length; at += 1 << 20) slices.push(html.slice(at, at + (1 << 20)));
    const shares: number[] = [];
    const events = readerEvents(html, (s) => shares.push(s));
    expect(shares.length).toBeGreaterThan(1);
    expect(events).toEqual(parserEvents(html, slices));
    expect(readerEvents(sample)).toEqual(parserEvents(sample));
  }, 30_000);
});
