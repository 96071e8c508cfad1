import { Box, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { ukDate, weekDay } from '../../../domain/dates';
import { dailySeries, differenceSign, reportTotal, type ReportRow } from '../../../domain/reports';
import type { DateRange } from '../../../domain/ranges';
import { formatMoney } from '../../components/format';

const PAD = { top: 12, right: 8, bottom: 22, left: 56 };
const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** A round step for the axis: 1, 2 or 5 × a power of ten. */
function niceStep(span: number): number {
  if (span <= 0) return 1;
  const raw = span / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
}

/**
 * The report's difference per day over the whole range (our addition to the screen: a trend reads faster as a
 * picture). Bars above the line are money gained, below it money lost, coloured as the table's rows; each bar's
 * tooltip gives the day's figures.
 */
export function ReportChart({ rows, range }: { rows: ReportRow[]; range: DateRange }) {
  const theme = useTheme();
  // Drawn at about the size it is shown, so the axis labels stay readable on a phone.
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const width = phone ? 360 : 720;
  const height = phone ? 170 : 180;
  const series = dailySeries(rows, range);
  const total = reportTotal(rows);
  const max = Math.max(0, ...series.map((d) => d.difference));
  const min = Math.min(0, ...series.map((d) => d.difference));
  const step = niceStep(max - min || 1);
  const top = Math.ceil(max / step) * step || (min === 0 ? step : 0);
  const bottom = Math.floor(min / step) * step;
  const plotW = width - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((top - v) / (top - bottom || 1)) * plotH;
  const band = plotW / series.length;
  const barW = Math.max(2, Math.min(28, band * 0.7));
  const ticks: number[] = [];
  for (let v = bottom; v <= top + step / 2; v += step) ticks.push(Math.round(v * 100) / 100);
  const labelEvery = series.length > (phone ? 7 : 14) ? Math.ceil(series.length / (phone ? 6 : 10)) : 1;
  const colour = { negative: theme.palette.error.main, positive: theme.palette.success.main, zero: theme.palette.grey[400] };

  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'baseline' }, mb: 0.5, gap: 0.5 }}>
        <Typography variant="subtitle2" component="figcaption">
          Difference per day
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ '& span': { whiteSpace: 'nowrap' } }}>
          <span>Charged {formatMoney(total.charged)}</span> · <span>Paid {formatMoney(total.paid)}</span> ·{' '}
          <span>Difference {formatMoney(total.difference)}</span>
        </Typography>
      </Stack>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        role="img"
        aria-label={`Difference per day from ${ukDate(range.from)} to ${ukDate(range.to)}: total ${formatMoney(total.difference)} over ${rows.length} rows`}
        style={{ display: 'block', maxHeight: 220 }}
      >
        {ticks.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={width - PAD.right} y1={y(v)} y2={y(v)} stroke={v === 0 ? theme.palette.text.secondary : theme.palette.divider} strokeWidth={v === 0 ? 1 : 0.5} />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize={11} fill={theme.palette.text.secondary}>
              {formatMoney(v).replace('.00', '')}
            </text>
          </g>
        ))}
        {series.map((d, i) => {
          const x = PAD.left + i * band + (band - barW) / 2;
          const y0 = y(0);
          const y1 = y(d.difference);
          const sign = differenceSign(d.difference);
          return (
            <g key={d.date} data-testid="report-bar">
              <rect x={x} y={Math.min(y0, y1)} width={barW} height={Math.max(sign === 'zero' ? 0 : 1, Math.abs(y1 - y0))} fill={colour[sign]} rx={2}>
                <title>
                  {`${DAY_NAMES[weekDay(d.date)]} ${ukDate(d.date)}: ${d.rows} row${d.rows === 1 ? '' : 's'}, charged ${formatMoney(d.charged)}, paid ${formatMoney(d.paid)}, difference ${formatMoney(d.difference)}`}
                </title>
              </rect>
              {i % labelEvery === 0 && (
                <text x={x + barW / 2} y={height - 6} textAnchor="middle" fontSize={11} fill={theme.palette.text.secondary}>
                  {series.length <= 7 && !phone ? `${DAY_NAMES[weekDay(d.date)]} ${Number(d.date.slice(8))}` : Number(d.date.slice(8))}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
