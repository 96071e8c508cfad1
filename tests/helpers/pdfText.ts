import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const FONTS = path.resolve(__dirname, '../../node_modules/pdfjs-dist/standard_fonts') + '/';

export interface PdfText {
  pages: number;
  /** Every text run of every page, in reading order. */
  runs: string[];
  /** The runs of each page joined with new lines. */
  pageTexts: string[];
  info: Record<string, unknown>;
}

/** Reads a PDF back with a real PDF reader (pdf.js), as a person's viewer would. */
export async function readPdf(bytes: Uint8Array | Buffer): Promise<PdfText> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: FONTS, useSystemFonts: false }).promise;
  const runs: string[] = [];
  const pageTexts: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const page = await pdf.getPage(i);
    const content = await page.getTextContent();
    const pageRuns = content.items.map((item) => ('str' in item ? item.str : '')).filter((s) => s.trim() !== '');
    runs.push(...pageRuns);
    pageTexts.push(pageRuns.join('\n'));
  }
  const meta = await pdf.getMetadata();
  await pdf.destroy();
  return { pages: pdf.numPages, runs, pageTexts, info: (meta.info ?? {}) as Record<string, unknown> };
}
