import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { IMPORT_MSG } from '../../../domain/validation/imports';
import { fieldError } from '../../plugins/errors';

/** A spreadsheet as text: its header row and the rows under it, every cell a trimmed string. */
export interface Table {
  headers: string[];
  rows: string[][];
}

const ZIP = Buffer.from('PK\u0003\u0004', 'latin1');
/** The old binary Excel format (.xls), which exceljs cannot read. */
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** Reads an uploaded CSV or .xlsx file, recognised by its bytes (an .xlsx is a zip), not by its name. */
export async function readTable(bytes: Buffer): Promise<Table> {
  if (bytes.subarray(0, 4).equals(OLE)) throw fieldError('file', IMPORT_MSG.fileType);
  const cells = bytes.subarray(0, 4).equals(ZIP) ? await xlsxCells(bytes) : csvCells(bytes);
  const [header = [], ...rows] = cells.filter((row) => row.some((cell) => cell !== ''));
  if (!header.length) throw fieldError('file', IMPORT_MSG.fileEmpty);
  const width = header.length;
  return { headers: header, rows: rows.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? '')) };
}

/**
 * CSV as spreadsheets write it: UTF-8 with or without a byte-order mark, `,` or `;` (Excel in much of Europe) or tab
 * separated, quoted fields holding separators, quotes and line breaks. Papa Parse guesses the separator.
 */
function csvCells(bytes: Buffer): string[][] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) throw fieldError('file', IMPORT_MSG.fileUnreadable);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', delimitersToGuess: [',', ';', '\t', '|'] });
  return parsed.data.map((row) => row.map((cell) => cell.trim()));
}

/** The first worksheet of a workbook; dates as YYYY-MM-DD, formulas as their results. */
async function xlsxCells(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw fieldError('file', IMPORT_MSG.fileUnreadable);
  }
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet?.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c += 1) cells.push(cellText(row.getCell(c).value));
    rows.push(cells);
  });
  return rows;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
    if ('text' in value) return String(value.text).trim();
    return '';
  }
  return String(value).trim();
}
