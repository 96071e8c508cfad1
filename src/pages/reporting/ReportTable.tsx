import { alpha, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, type Theme } from '@mui/material';
import { REPORT_COLUMNS, reportLine, reportTotal, type DifferenceSign, type ReportRow } from '../../../domain/reports';
import { formatMoney } from '../../components/format';

const RIGHT = new Set(['Amount Charged', 'Amount Paid', 'Difference']);

/** Rows coloured by the sign of their difference (spec 2, section 2). */
const tint = (sign: DifferenceSign) => (theme: Theme) =>
  sign === 'negative' ? alpha(theme.palette.error.main, 0.08) : sign === 'positive' ? alpha(theme.palette.success.main, 0.1) : 'transparent';

/** The report's table, with its Total row when the report has one; amounts in pounds with 2 decimals (the files keep plain numbers). */
export function ReportTable({ rows, withTotal, label }: { rows: ReportRow[]; withTotal: boolean; label: string }) {
  const total = reportTotal(rows);
  return (
    // inline-size containment: the wide table scrolls inside the page instead of widening the whole layout; a region
    // in the tab order, so a keyboard can scroll it too.
    <TableContainer tabIndex={0} role="region" aria-label={label} sx={{ overflowX: 'auto', contain: 'inline-size' }}>
      <Table size="small" aria-label={label} sx={{ minWidth: 1150, '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            {REPORT_COLUMNS.map((c) => (
              <TableCell key={c} align={RIGHT.has(c) ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                {c}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(reportLine).map((l) => (
            <TableRow key={l.key} data-sign={l.sign} sx={{ bgcolor: tint(l.sign) }}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{l.date}</TableCell>
              <TableCell sx={{ minWidth: 120 }}>{l.driver}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(l.charged)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(l.paid)}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600, color: l.sign === 'negative' ? 'error.main' : l.sign === 'positive' ? 'success.dark' : undefined }}>
                {formatMoney(l.difference)}
              </TableCell>
              <TableCell sx={{ minWidth: 140 }}>{l.restaurant}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{l.shiftTime}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{l.created}</TableCell>
              <TableCell sx={{ minWidth: 200, maxWidth: 320, overflowWrap: 'break-word' }}>{l.comment}</TableCell>
              <TableCell sx={{ minWidth: 110 }}>{l.creator}</TableCell>
            </TableRow>
          ))}
          {withTotal && (
            <TableRow sx={{ '& td': { fontWeight: 700, borderTop: 2, borderTopColor: 'divider' } }}>
              <TableCell>Total</TableCell>
              <TableCell />
              <TableCell align="right">{formatMoney(total.charged)}</TableCell>
              <TableCell align="right">{formatMoney(total.paid)}</TableCell>
              <TableCell align="right">{formatMoney(total.difference)}</TableCell>
              <TableCell colSpan={5} />
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
