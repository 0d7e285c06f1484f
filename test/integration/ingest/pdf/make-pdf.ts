/**
 * Writes small PDFs for tests: pages of Helvetica text placed at exact positions, so a table's
 * geometry is known; optionally with a Standard security handler whose passwords do not match
 * the empty password, which makes any reader ask for one.
 */
export interface TextRun {
  text: string;
  x: number;
  y: number;
  size?: number;
}

export interface MakePdfOptions {
  pageSize?: [number, number];
  /** Adds an /Encrypt dictionary: the file then needs a password to open. */
  encrypted?: boolean;
}

const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

function contentStream(runs: TextRun[]): string {
  return runs
    .map((r) => `BT /F1 ${r.size ?? 10} Tf ${r.x} ${r.y} Td (${escape(r.text)}) Tj ET`)
    .join('\n');
}

export function makePdf(pages: TextRun[][], options: MakePdfOptions = {}): Uint8Array {
  const [w, h] = options.pageSize ?? [612, 792];
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) - 1 + 1; // 1-based object numbers
  const catalog = add(''); // filled in below, once the pages object exists
  const pagesObj = add('');
  const font = add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  );
  const kids: number[] = [];
  for (const runs of pages) {
    const stream = contentStream(runs);
    const content = add(
      `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    );
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${w} ${h}] /Contents ${content} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] =
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let encrypt = 0;
  if (options.encrypted) {
    const hex32 = (seed: number) =>
      Array.from({ length: 32 }, (_, i) =>
        ((i * 37 + seed) % 256).toString(16).padStart(2, '0'),
      ).join('');
    encrypt = add(`<< /Filter /Standard /V 1 /R 2 /O <${hex32(11)}> /U <${hex32(97)}> /P -44 >>`);
  }
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  const id = '<0123456789abcdef0123456789abcdef>';
  const extra = encrypt > 0 ? ` /Encrypt ${encrypt} 0 R /ID [${id} ${id}]` : '';
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R${extra} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/**
 * A statement-like table: title, scale note, a spanning header over two year columns, a section
 * with indented rows and a total, a per-share row, and a paragraph below.
 */
export function sampleTablePage(): TextRun[] {
  const runs: TextRun[] = [
    { text: 'Consolidated Statement of Operations', x: 72, y: 720, size: 14 },
    { text: '(in millions, except per share data)', x: 72, y: 700 },
    { text: 'Year Ended December 31,', x: 380, y: 676 },
    { text: '2024', x: 380, y: 662 },
    { text: '2023', x: 470, y: 662 },
    { text: 'Revenue:', x: 72, y: 644 },
  ];
  const row = (label: string, indent: number, y: number, a: string, b: string) => {
    runs.push({ text: label, x: 72 + indent, y });
    // Right-aligned by hand with Helvetica's widths (per 1000 em) at 10 pt.
    const width = (s: string) =>
      [...s].reduce((w, c) => w + (/\d/.test(c) ? 5.56 : /[,.]/.test(c) ? 2.78 : 3.33), 0);
    const right = (s: string, edge: number) => edge - width(s);
    runs.push({ text: a, x: right(a, 405), y }, { text: b, x: right(b, 495), y });
  };
  row('Products', 12, 630, '1,200', '1,100');
  row('Services', 12, 616, '300', '(250)');
  row('Total revenue', 0, 602, '1,500', '850');
  row('Cost of revenue', 0, 586, '900', '700');
  row('Net income per share', 0, 572, '1.25', '0.75');
  runs.push(
    {
      text: 'Revenue grew because the company sold more products and services in every region it serves.',
      x: 72,
      y: 540,
    },
    {
      text: 'Management expects this trend to continue into the next fiscal year as well.',
      x: 72,
      y: 528,
    },
  );
  return runs;
}
