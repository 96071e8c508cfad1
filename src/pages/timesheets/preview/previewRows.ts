import { progressLabel, statusLabel, type TimesheetView } from '../../../../domain/timesheets';
import { formatMoney } from '../../../../domain/money';
import { escapeHtml } from '../../schedule/chipWords';
import { COLUMNS, dayWords, earnedExtras, HEADINGS, hoursWords, isFigures, STATUS_COLOURS, timeWords } from '../rowWords';

/**
 * The timesheet table's first view as HTML: the heading row and the rows that fit, worded as the table words them
 * (rowWords.ts) in its columns. Its own class names (preview-*), so nothing takes it for the table.
 */

const cell = (text: string, className = '') => `<div class="preview-cell${className}">${escapeHtml(text)}</div>`;

function row(t: TimesheetView): string {
  const extras = earnedExtras(t);
  return (
    `<div class="preview-row" data-preview-timesheet="${t.id}">` +
    cell(dayWords(t)) +
    cell(t.driver_name ?? 'Open shift', t.driver_id ? '' : ' preview-open') +
    `<div class="preview-cell preview-status" style="color:${STATUS_COLOURS[t.status] ?? 'inherit'}">${escapeHtml(statusLabel(t))}</div>` +
    cell(progressLabel(t)) +
    cell(t.restaurant_name) +
    cell(timeWords(t)) +
    cell(hoursWords(t), ' preview-figures') +
    `<div class="preview-cell preview-figures"><div>${escapeHtml(formatMoney(t.cost_total))}</div>` +
    (extras ? `<div class="preview-extra">${escapeHtml(extras)}</div>` : '') +
    '</div></div>'
  );
}

/** The table's heading and `rows` (already in the table's order, as many as fit), in the table's columns. */
export function previewRowsHtml(rows: readonly TimesheetView[]): string {
  const head = HEADINGS.map((h) => `<div class="preview-cell${isFigures(h) ? ' preview-figures' : ''}">${h}</div>`).join('');
  return (
    `<div class="preview-table first-view-box" style="--preview-columns:${COLUMNS}">` +
    `<div class="preview-row preview-head">${head}</div>${rows.map(row).join('')}</div>`
  );
}
