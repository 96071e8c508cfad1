import { Box } from '@mui/material';
import type { TimesheetTotals } from '../../../domain/timesheets';
import { formatMoney } from '../../components/format';
import { formatHours } from './rowWords';

/** The totals bar (spec 3, section 2.3) of the rows the table shows. */
export function TotalsBar({ totals }: { totals: TimesheetTotals }) {
  const items: [string, string][] = [
    ['Approved', String(totals.approved)],
    ['Unapproved', String(totals.unapproved)],
    ['Free Timesheets', String(totals.free)],
    ['Total Timesheets', String(totals.total_timesheets)],
    ['Filled Hours', formatHours(totals.filled_hours)],
    ['Est. Cost', formatMoney(totals.estimated_cost)],
    ['Expected Sales', formatMoney(totals.expected_sales)],
  ];
  return (
    <Box
      component="dl"
      aria-label="Totals"
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: { xs: 1.5, sm: 2 }, rowGap: 0.25, m: 0, px: 1.5, py: 0.5, border: 1, borderTop: 0, borderColor: 'divider', bgcolor: 'grey.50', fontSize: 12.5 }}
    >
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'flex', gap: 0.75 }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {label}:
          </Box>
          <Box component="dd" sx={{ m: 0, fontWeight: 600 }} data-total={label}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
