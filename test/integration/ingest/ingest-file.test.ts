import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Document } from '../../../shared/document';
import { WorkbenchError } from '../../../shared/api/result';
import { ingestFile } from '../../../main/document/ingest-file';
import { decodeHtml, ingestBytes } from '../../../main/ingest/ingest-bytes';
import { main } from '../../../main/cli';
import { tempDir } from '../../support/temp-dir';
import { makePdf, sampleTablePage } from './pdf/make-pdf';

const sample = join(
  __dirname,
  '..',
  '..',
  '..',
  'assets',
  'sample',
  'northwind-instruments-10-k-2025.html',
);
const fixture = join(__dirname, 'fixtures', 'small-10q.html');

describe('ingestFile: dispatch by kind', () => {
  it('reads an SEC HTML filing', async () => {
    const doc = await ingestFile(sample);
    expect(doc.source).toEqual({
      name: 'northwind-instruments-10-k-2025.html',
      kind: 'sec-html',
      bytes: 11992,
    });
    expect(doc.tables).toHaveLength(3);
  });

  it('reads a PDF (in its pdf.js worker) with tables on their pages', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ingest-pdf-'));
    const path = join(dir, 'one-table.pdf');
    writeFileSync(path, makePdf([sampleTablePage()]));
    const doc = await ingestFile(path);
    expect(doc.source).toMatchObject({ name: 'one-table.pdf', kind: 'pdf' });
    expect(doc.tables.length).toBeGreaterThan(0);
    expect(doc.tables.every((t) => t.page === 1 && t.location.kind === 'pdf')).toBe(true);
    writeFileSync(path, '%PDF-1.7\ngarbage');
    await expect(ingestFile(path)).rejects.toMatchObject({
      code: 'file-unreadable',
      message: expect.stringMatching(/^one-table\.pdf: /) as unknown,
    });
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps PDFs out of the synchronous ingestBytes (pdf.js is asynchronous)', () => {
    const pdf = new TextEncoder().encode('%PDF-1.7\n%…');
    expect(() => ingestBytes('report.pdf', pdf)).toThrow(/unsupported kind "pdf"/);
    try {
      ingestBytes('report.pdf', pdf);
    } catch (e) {
      expect(e).toBeInstanceOf(WorkbenchError);
      expect((e as WorkbenchError).code).toBe('unsupported');
    }
  });

  it('refuses other files and names missing or empty ones', async () => {
    expect(() => ingestBytes('notes.txt', new TextEncoder().encode('hello'))).toThrow(
      /unsupported kind "other"/,
    );
    await expect(ingestFile('/no/such/file.htm')).rejects.toThrow(/cannot read/);
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, 'empty-10-k.htm'), '');
      await expect(ingestFile(join(dir, 'empty-10-k.htm'))).rejects.toThrow(/empty/);
    } finally {
      cleanup();
    }
  });

  it('decodes Windows-1252 bytes when the file is not UTF-8', () => {
    expect(decodeHtml(new Uint8Array([0x41, 0x97, 0x42]))).toBe('A—B');
    expect(decodeHtml(new TextEncoder().encode('A—B'))).toBe('A—B');
  });
});

describe('workbench ingest', () => {
  afterEach(() => vi.restoreAllMocks());

  function run(args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => (out.push(String(s)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => (err.push(String(s)), true));
    return main(['ingest', ...args]).then((code) => ({
      code,
      out: out.join(''),
      err: err.join(''),
    }));
  }

  it('prints a short summary without --json', async () => {
    const r = await run([sample]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('northwind-instruments-10-k-2025.html: 3 tables, 90 cells, 16 blocks');
  });

  it('writes one <file name>.json per input into the --out folder, valid against the schema', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const r = await run([sample, fixture, '--out', join(dir, 'out')]);
      expect(r.code).toBe(0);
      const written = Document.parse(
        JSON.parse(readFileSync(join(dir, 'out', 'small-10q.html.json'), 'utf8')),
      );
      expect(written.tables[0]?.sourceIndex).toBe(2);
      expect(existsSync(join(dir, 'out', 'northwind-instruments-10-k-2025.html.json'))).toBe(true);
      expect(r.out).toContain('inline XBRL cross-check 1/2 facts agree');
    } finally {
      cleanup();
    }
  });

  it('writes a single file, or stdout with "-", and fails with status 1 on a bad input', async () => {
    const { dir, cleanup } = tempDir();
    try {
      expect((await run([sample, '--out', join(dir, 'n.json')])).code).toBe(0);
      expect(
        Document.parse(JSON.parse(readFileSync(join(dir, 'n.json'), 'utf8'))).tables,
      ).toHaveLength(3);
      const piped = await run([sample, '--out', '-']);
      expect(Document.parse(JSON.parse(piped.out)).source.name).toBe(
        'northwind-instruments-10-k-2025.html',
      );
      expect(piped.err).toContain('3 tables');
      const bad = await run([sample, join(dir, 'missing.htm')]);
      expect(bad.code).toBe(1);
      expect(bad.err).toContain('1 of 2 files not ingested');
      expect((await run([])).code).toBe(2);
    } finally {
      cleanup();
    }
  });
});
