import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, ButtonGroup, Card, CardContent, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { INTERVAL } from '../../../domain/ranges';
import { DEFAULT_REPORT, isReportKind, reportDefinition, REPORTS, type ReportKind } from '../../../domain/reports';
import { gatedScreen } from '../../components/ListScreen';
import { IntervalSelect, RangeNavigator, useDateRange } from '../../components/range';
import { downloadReport } from './reportFiles';
import { ReportChart } from './ReportChart';
import { ReportTable } from './ReportTable';
import { useReport } from './useReport';
import { DisabledReason } from '../../components/DisabledReason';
import { LATE_REPORT } from '../../../domain/lateNoShows';
import { LateNoShowsReport } from './LateNoShowsReport';

const DISABLED_INTERVALS = [INTERVAL.day] as const;
export const NO_ROWS = 'Nothing to report in this period';


/**
 * The reporting screen (spec 2, section 2): the report picker, the range with arrows and interval (Day disabled),
 * a chart of the report over the range, the table with its coloured rows (and Total row), and CSV/XLS downloads of
 * the table. Opens on the cancelled/bonus report for the current week; report and range stay in the address.
 */
function ReportingScreen() {
  const notify = useNotify();
  const dates = useDateRange({ defaultInterval: INTERVAL.week });
  const [params, setParams] = useSearchParams();
  const raw = params.get('report');
  // The 'Late and no-shows' report counts rather than sums money: it has a screen part of its own.
  const late = raw === LATE_REPORT.kind;
  const kind: ReportKind = isReportKind(raw) ? raw : DEFAULT_REPORT;
  const report = reportDefinition(kind);
  const data = useReport(kind, dates.range);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  // Why the downloads wait, said on them while they do.
  const downloadBlocked =
    (data.isPending && 'The report is loading') || (data.error && 'The report could not be loaded') || (!data.rows.length && 'No rows to download in this range') || (exporting && 'The file is being made');

  const pick = (next: string) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        out.set('report', next);
        return out;
      },
      { replace: true },
    );

  const download = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      await downloadReport(format, kind, dates.range, data.rows, report.withTotal, report.label);
    } catch (error) {
      notify((error as Error).message || 'The file could not be made', { type: 'error' });
    } finally {
      setExporting(null);
    }
  };

  return (
    <Box sx={{ maxWidth: 1400, width: '100%', mx: 'auto', pb: 3 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 1.5, md: 2 }} sx={{ alignItems: { xs: 'stretch', md: 'center' }, mb: 2, flexWrap: 'wrap', rowGap: 1.5 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Reporting
        </Typography>
        <TextField
          select
          size="small"
          variant="outlined"
          label="Report"
          value={late ? LATE_REPORT.kind : kind}
          onChange={(e) => pick(e.target.value)}
          fullWidth={false}
          margin="none"
          sx={{ width: { xs: '100%', md: 300 } }}
        >
          {REPORTS.map((r) => (
            <MenuItem key={r.kind} value={r.kind}>
              {r.label}
            </MenuItem>
          ))}
          <MenuItem value={LATE_REPORT.kind}>{LATE_REPORT.label}</MenuItem>
        </TextField>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: { xs: 'wrap', md: 'nowrap' } }}>
          <IntervalSelect value={dates.interval} onChange={dates.setInterval} disabled={DISABLED_INTERVALS} />
          <RangeNavigator state={dates} />
        </Stack>
        {!late && <DisabledReason reason={downloadBlocked}>
          <ButtonGroup variant="outlined" size="small" aria-label="Download the table" disabled={!!downloadBlocked}>
            <Button startIcon={<FileDownloadOutlinedIcon />} onClick={() => void download('csv')}>
              CSV
            </Button>
            <Button startIcon={<FileDownloadOutlinedIcon />} onClick={() => void download('xlsx')}>
              XLS
            </Button>
          </ButtonGroup>
        </DisabledReason>}
      </Stack>

      {late && <LateNoShowsReport range={dates.range} />}
      {!late && data.isPending && <LinearProgress aria-label="Loading the report" />}
      {!late && data.error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={data.reload}>
              Retry
            </Button>
          }
        >
          {data.error}
        </Alert>
      )}
      {!late && !data.isPending && !data.error && (
        <Stack spacing={2}>
          <Card variant="outlined">
            <CardContent sx={{ pb: '12px !important' }}>
              <ReportChart rows={data.rows} range={dates.range} />
            </CardContent>
          </Card>
          {data.rows.length ? <ReportTable rows={data.rows} withTotal={report.withTotal} label={report.label} /> : <Alert severity="info">{NO_ROWS}</Alert>}
        </Stack>
      )}
    </Box>
  );
}

/** /reporting: administrators and managers. */
export const ReportingPage = gatedScreen({ title: 'Reporting', path: '/reporting' }, ReportingScreen);
