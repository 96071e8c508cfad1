import { memo } from 'react';
import { Box, Typography } from '@mui/material';
import type { ShiftTotals } from '../../../domain/shifts';
import { formatMoney } from '../../components/format';

/**
 * The admin board's bottom bar (spec 3, section 2.1), with the shifts that break a working-time rule and today's late
 * drivers and no-shows.
 */
export const TotalsBar = memo(function TotalsBar({ totals, warnings, lateCount }: { totals: ShiftTotals; warnings?: number; lateCount?: number }) {
  const items: [string, string][] = [
    ['Published', String(totals.published)],
    ['Unpublished', String(totals.unpublished)],
    ['Draft', String(totals.draft)],
    ['Open Shifts', String(totals.open)],
    ['Total Shifts', String(totals.total)],
    ['Filled Hours', totals.filledHours.toFixed(1)],
    ['Est. Cost', formatMoney(totals.estimatedCost)],
    ['Expected Sales', formatMoney(totals.expectedSales)],
  ];
  if (warnings !== undefined) items.push(['Working-time warnings', String(warnings)]);
  if (lateCount !== undefined) items.push(['Late and No-Shows', String(lateCount)]);
  return (
    <Box
      component="dl"
      aria-label="Totals"
      sx={{
        m: 0,
        px: 1.5,
        py: 0.75,
        flex: 1,
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 3,
        rowGap: 0.5,
      }}
    >
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'flex', gap: 0.75, alignItems: 'baseline' }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }} data-total={label}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
});
