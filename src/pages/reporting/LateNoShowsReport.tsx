import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { Alert, Box, Button, ButtonGroup, Card, CardContent, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography, useTheme } from '@mui/material';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { ukDate } from '../../../domain/dates';
import { LATE_COLUMNS, lateReportCsv, type LateLine, type LateReport } from '../../../domain/lateNoShows';
import type { DateRange } from '../../../domain/ranges';
import { useDataProviderRef } from '../../../providers/dataProvider';
import { saveFile } from '../../../providers/files';
import { lateReportXlsxBlob } from './reportFiles';

const NO_ROWS = 'No late starts or no-shows in this period';

/**
 * The 'Late and no-shows' report: a chart of each day's late starts and no-shows over the range (two bars a day, told
 * apart by their pattern and legend as well as colour), then the drivers and the restaurants, worst first, each table
 * downloadable as CSV or XLS.
 */
export function LateNoShowsReport({ range }: { range: DateRange }) {
  const provider = useDataProviderRef();
  const [data, setData] = useState<LateReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    setData(null);
    setError(null);
    provider.current.getLateReport({ from: range.from, to: range.to }, controller.signal).then(setData, (e: unknown) => {
      if (!controller.signal.aborted) setError((e as Error).message || 'The report could not be loaded');
    });
    return () => controller.abort();
  }, [range.from, range.to, provider]);

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!data) return <LinearProgress aria-label="Loading the report" />;
  return (
    <Stack spacing={2}>
      <Card variant="outlined">
        <CardContent sx={{ pb: '12px !important' }}>
          <DayChart days={data.by_day} />
        </CardContent>
      </Card>
      {data.by_driver.length ? (
        <>
          <LineTable title="By driver" first="Driver" lines={data.by_driver} stem={`late-and-no-shows-by-driver-${range.from}-${range.to}`} />
          <LineTable title="By restaurant" first="Restaurant" lines={data.by_restaurant} stem={`late-and-no-shows-by-restaurant-${range.from}-${range.to}`} />
        </>
      ) : (
        <Alert severity="info">{NO_ROWS}</Alert>
      )}
    </Stack>
  );
}

function LineTable({ title, first, lines, stem }: { title: string; first: 'Driver' | 'Restaurant'; lines: LateLine[]; stem: string }) {
  const notify = useNotify();
  const [making, setMaking] = useState(false);
  // The file takes a moment (exceljs loads on the first one): a second click meanwhile makes no second file.
  const downloadXlsx = async () => {
    if (making) return;
    setMaking(true);
    try {
      saveFile(await lateReportXlsxBlob(first, lines, `Late and no-shows ${title.toLowerCase()}`), `${stem}.xlsx`);
    } catch (error) {
      notify((error as Error).message || 'The file could not be made', { type: 'error' });
    } finally {
      setMaking(false);
    }
  };
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="subtitle1" component="h2">
            {title}
          </Typography>
          <ButtonGroup variant="outlined" size="small" aria-label={`Download ${title.toLowerCase()}`}>
            <Button startIcon={<FileDownloadOutlinedIcon />} onClick={() => saveFile(new Blob(['\ufeff', lateReportCsv(first, lines)], { type: 'text/csv;charset=utf-8' }), `${stem}.csv`)}>
              CSV
            </Button>
            <Button startIcon={<FileDownloadOutlinedIcon />} onClick={() => void downloadXlsx()}>
              XLS
            </Button>
          </ButtonGroup>
        </Stack>
        <Table size="small" aria-label={`Late and no-shows ${title.toLowerCase()}`}>
          <TableHead>
            <TableRow>
              <TableCell>{first}</TableCell>
              {LATE_COLUMNS.map((c) => (
                <TableCell key={c} align="right">
                  {c}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((l) => (
              <TableRow key={l.id}>
                <TableCell>{l.name}</TableCell>
                <TableCell align="right">{l.late}</TableCell>
                <TableCell align="right">{l.no_show}</TableCell>
                <TableCell align="right">{l.minutes_late}</TableCell>
                <TableCell align="right">{l.average_minutes_late ?? '–'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

/** Two bars a day: late starts (plain) and no-shows (striped), with the day's figures in each bar's tooltip. */
function DayChart({ days }: { days: LateReport['by_day'] }) {
  const theme = useTheme();
  const width = 720;
  const height = 160;
  const pad = { top: 10, bottom: 22, left: 32, right: 8 };
  const max = Math.max(1, ...days.flatMap((d) => [d.late, d.no_show]));
  const band = (width - pad.left - pad.right) / Math.max(1, days.length);
  const barW = Math.max(2, Math.min(14, band * 0.35));
  const y = (v: number) => pad.top + (1 - v / max) * (height - pad.top - pad.bottom);
  const every = days.length > 14 ? Math.ceil(days.length / 10) : 1;
  const late = theme.palette.warning.main;
  const noShow = theme.palette.error.main;
  const total = days.reduce((n, d) => [n[0] + d.late, n[1] + d.no_show], [0, 0]);
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography variant="subtitle2" component="figcaption">
        Late starts and no-shows per day · Late {total[0]} · No-shows {total[1]}
      </Typography>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={`Late starts ${total[0]}, no-shows ${total[1]} in the period`}>
        <defs>
          <pattern id="noshow-stripes" width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="4" height="4" fill={noShow} />
            <line x1="0" y1="0" x2="0" y2="4" stroke={theme.palette.background.paper} strokeWidth="1.5" />
          </pattern>
        </defs>
        <line x1={pad.left} x2={width - pad.right} y1={y(0)} y2={y(0)} stroke={theme.palette.divider} />
        <text x={pad.left - 4} y={y(max) + 4} textAnchor="end" fontSize="11" fill={theme.palette.text.secondary}>
          {max}
        </text>
        {days.map((d, i) => {
          const x = pad.left + i * band + band / 2;
          return (
            <g key={d.date}>
              <title>{`${ukDate(d.date)}: late ${d.late}, no-shows ${d.no_show}`}</title>
              <rect x={x - barW} y={y(d.late)} width={barW} height={y(0) - y(d.late)} fill={late} />
              <rect x={x} y={y(d.no_show)} width={barW} height={y(0) - y(d.no_show)} fill="url(#noshow-stripes)" />
              {i % every === 0 && (
                <text x={x} y={height - 6} textAnchor="middle" fontSize="11" fill={theme.palette.text.secondary}>
                  {ukDate(d.date).slice(0, 5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <Typography variant="caption" color="text.secondary">
        Plain bars: late starts. Striped bars: no-shows.
      </Typography>
    </Box>
  );
}
