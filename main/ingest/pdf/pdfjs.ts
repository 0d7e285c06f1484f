import { dirname, join } from 'node:path';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs' with {
  'resolution-mode': 'import',
};

export type PdfJs = typeof PdfJsModule;
export type PdfDocumentProxy = PdfJsModule.PDFDocumentProxy;
export type PdfPageProxy = PdfJsModule.PDFPageProxy;

let loaded: Promise<PdfJs> | null = null;

/**
 * pdf.js is ESM-only and main/ compiles to CommonJS, so it is loaded with a real dynamic import,
 * once per thread. The legacy build is the one that runs on Node without a browser worker.
 */
export function loadPdfJs(): Promise<PdfJs> {
  loaded ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return loaded;
}

/**
 * Folders of pdf.js's CMaps and standard fonts. Without CMaps, text drawn with predefined CJK
 * encodings comes out empty; without the standard fonts, pdf.js logs a warning per font. On
 * Node, pdf.js reads these "URLs" as file paths, so they must end with a separator.
 */
export function pdfJsAssetDirs(): { cMapUrl: string; standardFontDataUrl: string } {
  const root = dirname(require.resolve('pdfjs-dist/package.json'));
  return {
    cMapUrl: join(root, 'cmaps') + '/',
    standardFontDataUrl: join(root, 'standard_fonts') + '/',
  };
}
