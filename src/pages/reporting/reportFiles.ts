import { LATE_COLUMNS, type LateLine } from '../../../domain/lateNoShows';
import { REPORT_COLUMNS, reportCsv, reportFileStem, reportLine, reportTotal, type ReportKind, type ReportRow } from '../../../domain/reports';
import type { DateRange } from '../../../domain/ranges';
import { spreadsheetText as text } from '../../../domain/spreadsheetText';
import { saveFile } from '../../../providers/files';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const POUNDS = '"£"#,##0.00;[Red]-"£"#,##0.00';

/** The table as CSV, with a byte-order mark so spreadsheet programs read the £ and names as UTF-8. */
function reportCsvBlob(rows: ReportRow[], withTotal: boolean): Blob {
  return new Blob(['\ufeff', reportCsv(rows, withTotal)], { type: 'text/csv;charset=utf-8' });
}

/** A new workbook titled `title`; exceljs is large and only needed here, so it is loaded on the first XLS download. */
async function newWorkbook(title: string) {
  const mod = await import('exceljs');
  // The browser build is a CommonJS bundle: its exports arrive as the default export, or spread, by bundler.
  const ExcelJS = (mod.default ?? mod) as typeof mod.default;
  const workbook = new ExcelJS.Workbook();
  workbook.title = title;
  return workbook;
}

/** The table as an .xlsx: amounts as numbers formatted in pounds, the Total row when the report has one. */
async function reportXlsxBlob(rows: ReportRow[], withTotal: boolean, title: string): Promise<Blob> {
  const workbook = await newWorkbook(title);
  const sheet = workbook.addWorksheet('Report', { views: [{ state: 'frozen', ySplit: 1 }] });
  const widths = [12, 24, 15, 13, 13, 26, 14, 17, 40, 18];
  sheet.columns = REPORT_COLUMNS.map((header, i) => ({ header, key: String(i), width: widths[i] }));
  sheet.getRow(1).font = { bold: true };
  for (const l of rows.map(reportLine)) {
    sheet.addRow([l.date, text(l.driver), l.charged, l.paid, l.difference, text(l.restaurant), l.shiftTime, l.created, text(l.comment), text(l.creator)]);
  }
  if (withTotal) {
    const t = reportTotal(rows);
    const total = sheet.addRow(['Total', '', t.charged, t.paid, t.difference]);
    total.font = { bold: true };
  }
  for (const column of [3, 4, 5]) sheet.getColumn(column).numFmt = POUNDS;
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: XLSX_TYPE });
}

export async function downloadReport(format: 'csv' | 'xlsx', kind: ReportKind, range: DateRange, rows: ReportRow[], withTotal: boolean, title: string): Promise<void> {
  const stem = reportFileStem(kind, range);
  if (format === 'csv') saveFile(reportCsvBlob(rows, withTotal), `${stem}.csv`);
  else saveFile(await reportXlsxBlob(rows, withTotal, title), `${stem}.xlsx`);
}

/**
 * One table of the 'Late and no-shows' report as an .xlsx ('Driver' or 'Restaurant' first): the counts as numbers,
 * the names as text that never runs as a formula, the average left empty where there was no late start.
 */
export async function lateReportXlsxBlob(first: 'Driver' | 'Restaurant', lines: readonly LateLine[], title: string): Promise<Blob> {
  const workbook = await newWorkbook(title);
  const sheet = workbook.addWorksheet(first === 'Driver' ? 'By driver' : 'By restaurant', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [first, ...LATE_COLUMNS].map((header, i) => ({ header, key: String(i), width: i === 0 ? 32 : 16 }));
  sheet.getRow(1).font = { bold: true };
  for (const l of lines) sheet.addRow([text(l.name), l.late, l.no_show, l.minutes_late, l.average_minutes_late ?? null]);
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: XLSX_TYPE });
}
