import PDFDocument from 'pdfkit';
import { addDays, ukDate } from '../../../domain/dates';
import type { InvoiceLine, InvoiceTotals } from '../../../domain/invoices';

/** The issuing agency, as printed on the letterhead (server config). */
export interface AgencyDetails {
  name: string;
  address: string[];
  email: string | null;
  telephone: string | null;
  vatNumber: string | null;
  companyNumber: string | null;
  paymentDetails: string | null;
  paymentTermsDays: number;
}

/** The invoiced restaurant. */
export interface BilledRestaurant {
  name: string;
  contact_name: string;
  address: string;
  postcode: string | null;
  business_email: string | null;
  telephone: string;
}

export interface InvoiceDocument {
  invoiceNumber: string;
  /** 'YYYY-MM-DD'. */
  invoiceDate: string;
  period: { from: string; to: string };
  /** A preview from the Request Invoice dialog: marked so nobody pays it by mistake. */
  preview: boolean;
  agency: AgencyDetails;
  restaurant: BilledRestaurant;
  /** Set when the invoice covers one driver only. */
  driverName: string | null;
  lines: InvoiceLine[];
  totals: InvoiceTotals;
}

const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const pounds = (v: number) => money.format(v);
const hoursText = (v: number) => v.toFixed(2);

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 28; // room for the page footer
const ROW = 16;
const INK = '#1f2933';
const MUTED = '#5f6b7a';
const RULE = '#d5dbe3';
const HEAD_FILL = '#eef1f5';

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  cell: (l: InvoiceLine) => string;
}

const COLUMNS: Column[] = [
  { title: 'Date', width: 62, align: 'left', cell: (l) => ukDate(l.period_date) },
  { title: 'Driver', width: 143, align: 'left', cell: (l) => l.driver_name },
  { title: 'Start', width: 40, align: 'left', cell: (l) => l.start_time },
  { title: 'Finish', width: 40, align: 'left', cell: (l) => l.finish_time },
  { title: 'Hours', width: 44, align: 'right', cell: (l) => hoursText(l.hours) },
  { title: 'Rate', width: 52, align: 'right', cell: (l) => pounds(l.cost_per_hour) },
  { title: 'Bonuses', width: 55, align: 'right', cell: (l) => pounds(l.cost_bonus + l.const_fuel_bonus) },
  { title: 'Amount', width: CONTENT_WIDTH - 436, align: 'right', cell: (l) => pounds(l.cost_total) },
];

/** Cuts text to a width with an ellipsis (a long driver name must not run into the next column). */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(cut + '…') > width) cut = cut.slice(0, -1);
  return cut + '…';
}

/**
 * An invoice as an accountant expects it: letterhead with the agency's VAT and company numbers, the billed
 * restaurant, number, date, due date and period, one line per approved timesheet, then commission, booking fee,
 * subtotal, VAT and the total due, with the payment details. A4, standard PDF fonts, page numbers.
 */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const title = `${invoice.preview ? 'Preview of invoice' : 'Invoice'} ${invoice.invoiceNumber}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    info: { Title: title, Author: invoice.agency.name, Subject: `${invoice.restaurant.name}, ${ukDate(invoice.period.from)} – ${ukDate(invoice.period.to)}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let y = header(doc, invoice);
  y = table(doc, invoice, y);
  y = totals(doc, invoice, y);
  paymentNote(doc, invoice, y);
  footers(doc, invoice);
  doc.end();
  return done;
}

function header(doc: PDFKit.PDFDocument, inv: InvoiceDocument): number {
  const left = PAGE.margin;
  const a = inv.agency;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(16).text(a.name, left, PAGE.margin, { width: 280 });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  const agencyLines = [
    ...a.address,
    [a.telephone, a.email].filter(Boolean).join(' · '),
    a.vatNumber ? `VAT Reg. No. ${a.vatNumber}` : '',
    a.companyNumber ? `Company No. ${a.companyNumber}` : '',
  ].filter(Boolean);
  for (const line of agencyLines) doc.text(line, left, undefined, { width: 280 });
  const leftBottom = doc.y;

  const right = PAGE.width - PAGE.margin - 210;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(20).text(inv.preview ? 'INVOICE PREVIEW' : 'INVOICE', right, PAGE.margin, { width: 210, align: 'right' });
  const facts: [string, string][] = [
    ['Invoice number', inv.invoiceNumber],
    ['Invoice date', ukDate(inv.invoiceDate)],
    ['Due date', ukDate(addDays(inv.invoiceDate, inv.agency.paymentTermsDays))],
    ['Period', `${ukDate(inv.period.from)} – ${ukDate(inv.period.to)}`],
  ];
  let fy = doc.y + 6;
  for (const [label, value] of facts) {
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(label, right, fy, { width: 90 });
    doc.font('Helvetica-Bold').fillColor(INK).text(value, right + 90, fy, { width: 120, align: 'right' });
    fy += 13;
  }
  if (inv.preview) {
    doc.font('Helvetica-Oblique').fontSize(8).fillColor('#b42318').text('Not issued: a preview to check before creating the invoice', right, fy + 2, { width: 210, align: 'right' });
    fy += 12;
  }

  let y = Math.max(leftBottom, fy) + 18;
  const r = inv.restaurant;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text('BILL TO', left, y);
  y = doc.y + 2;
  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(r.name, left, y, { width: 300 });
  doc.font('Helvetica').fontSize(9).fillColor(INK);
  const billTo = [r.contact_name, r.address, r.postcode ?? '', r.business_email ?? '', r.telephone].filter((s) => s && s.trim());
  for (const line of billTo) doc.text(line, left, undefined, { width: 300 });
  if (inv.driverName) doc.font('Helvetica-Oblique').text(`Timesheets of ${inv.driverName} only`, left, undefined, { width: 300 });
  return doc.y + 16;
}

function tableHead(doc: PDFKit.PDFDocument, y: number): number {
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, ROW + 2).fill(HEAD_FILL);
  let x = PAGE.margin;
  doc.font('Helvetica-Bold').fontSize(8.5).fillColor(INK);
  for (const c of COLUMNS) {
    doc.text(c.title, x + 3, y + 5, { width: c.width - 6, align: c.align, lineBreak: false });
    x += c.width;
  }
  return y + ROW + 2;
}

function table(doc: PDFKit.PDFDocument, inv: InvoiceDocument, top: number): number {
  let y = tableHead(doc, top);
  if (!inv.lines.length) {
    doc.font('Helvetica-Oblique').fontSize(9).fillColor(MUTED).text('No approved timesheets in this period.', PAGE.margin + 3, y + 5);
    return y + ROW + 8;
  }
  for (const line of inv.lines) {
    if (y + ROW > BOTTOM) {
      doc.addPage();
      y = tableHead(doc, PAGE.margin);
    }
    let x = PAGE.margin;
    doc.font('Helvetica').fontSize(8.5).fillColor(INK);
    for (const c of COLUMNS) {
      doc.text(fit(doc, c.cell(line), c.width - 6), x + 3, y + 4, { width: c.width - 6, align: c.align, lineBreak: false });
      x += c.width;
    }
    y += ROW;
    doc.moveTo(PAGE.margin, y).lineTo(PAGE.margin + CONTENT_WIDTH, y).lineWidth(0.5).strokeColor(RULE).stroke();
  }
  return y + 10;
}

function totals(doc: PDFKit.PDFDocument, inv: InvoiceDocument, top: number): number {
  const t = inv.totals;
  const rows: [string, string, boolean][] = [
    [`Drivers' pay (${t.lines} timesheet${t.lines === 1 ? '' : 's'}, ${hoursText(t.hours)} hours)`, pounds(t.drivers_total), false],
    [`Commission (${hoursText(t.hours)} hours × ${pounds(t.comission)})`, pounds(t.comission_total), false],
  ];
  if (t.booking_fee > 0) rows.push(['Booking fee', pounds(t.booking_fee), false]);
  rows.push(['Subtotal', pounds(t.subtotal), true]);
  if (t.vat > 0 || t.vat_rate > 0) rows.push([Number.isFinite(t.vat_rate) ? `VAT at ${t.vat_rate}%` : 'VAT', pounds(t.vat), false]);
  rows.push(['Total due', pounds(t.total), true]);

  const height = rows.length * 15 + 12;
  let y = top;
  if (y + height > BOTTOM) {
    doc.addPage();
    y = PAGE.margin;
  }
  const labelX = PAGE.margin + CONTENT_WIDTH - 330;
  for (const [i, [label, value, strong]] of rows.entries()) {
    const last = i === rows.length - 1;
    if (last) {
      doc.rect(labelX - 6, y - 3, 336, 18).fill(HEAD_FILL);
    }
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(last ? 10.5 : 9).fillColor(INK);
    doc.text(label, labelX, y, { width: 240, lineBreak: false });
    doc.text(value, labelX + 240, y, { width: 90, align: 'right', lineBreak: false });
    y += 15;
  }
  return y + 14;
}

function paymentNote(doc: PDFKit.PDFDocument, inv: InvoiceDocument, top: number): void {
  const notes = [
    `Payment is due within ${inv.agency.paymentTermsDays} days, by ${ukDate(addDays(inv.invoiceDate, inv.agency.paymentTermsDays))}. Please quote invoice number ${inv.invoiceNumber}.`,
    inv.agency.paymentDetails ? `Payment details: ${inv.agency.paymentDetails}` : '',
  ].filter(Boolean);
  let y = top;
  if (y + notes.length * 14 > BOTTOM) {
    doc.addPage();
    y = PAGE.margin;
  }
  doc.font('Helvetica').fontSize(8.5).fillColor(MUTED);
  for (const note of notes) {
    doc.text(note, PAGE.margin, y, { width: CONTENT_WIDTH });
    y = doc.y + 3;
  }
}

function footers(doc: PDFKit.PDFDocument, inv: InvoiceDocument): void {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const text = `${inv.agency.name} · Invoice ${inv.invoiceNumber} · Page ${i + 1} of ${range.count}`;
    // Writing below the bottom margin would start a new page; lift the margin while the footer is written.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(7.5).fillColor(MUTED).text(text, PAGE.margin, PAGE.height - PAGE.margin + 10, { width: CONTENT_WIDTH, align: 'center', lineBreak: false });
    doc.page.margins.bottom = margin;
  }
}
