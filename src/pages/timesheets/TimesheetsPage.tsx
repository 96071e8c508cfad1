import { useRef, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Paper, useMediaQuery, type Theme } from '@mui/material';
import { GatedScreen } from '../../components/ListScreen';
import { AddScreenTimesheet } from './AddTimesheetDialog';
import { DriverPanel } from './DriverPanel';
import { isPhoneUserAgent } from './phone';
import { PhoneTimesheets } from './PhoneTimesheets';
import { ProcessDialog } from './ProcessDialog';
import { RequestInvoiceDialog } from '../../../resources/invoices/RequestInvoiceDialog';
import { PINNED_FORM_HEIGHT, SummaryForm } from './SummaryForm';
import { LAYOUT_OFFSET } from './rowWords';
import { TimesheetTable, type TimesheetTableHandle } from './TimesheetTable';
import { TimesheetToolbar } from './TimesheetToolbar';
import { TotalsBar } from './TotalsBar';
import { useTimesheetScreen, type TimesheetScreen } from './useTimesheetScreen';
import type { TimesheetView } from '../../../domain/timesheets';

const MIN_TABLE_HEIGHT = 250;
const MIN_PANE_HEIGHT = 160;
/**
 * The unpinned form's width: a sheet the layout's full height beside the rows. Floating under the table it was a
 * strip of about 300 px on a 1366×768 laptop, with Approve in view and most of what it approves scrolled away.
 */
const SHEET_WIDTH = 480;

/** The bar above the pinned form: drag it to give the form or the table more room. */
function ResizeHandle({ onResize }: { onResize: (dy: number) => void }) {
  return (
    <Box
      role="separator"
      aria-orientation="horizontal"
      aria-label="Resize the timesheet form"
      onPointerDown={(e) => {
        let last = e.clientY;
        const move = (ev: PointerEvent) => {
          onResize(ev.clientY - last);
          last = ev.clientY;
        };
        const up = () => {
          window.removeEventListener('pointermove', move);
          window.removeEventListener('pointerup', up);
        };
        window.addEventListener('pointermove', move);
        window.addEventListener('pointerup', up);
      }}
      sx={{ height: 8, flexShrink: 0, cursor: 'row-resize', display: 'flex', alignItems: 'center', justifyContent: 'center', '&::after': { content: '""', width: 40, height: 3, borderRadius: 2, bgcolor: 'divider' } }}
    />
  );
}

/** The screen under its title, for the roles that may open `path`. */
function GatedTimesheets({ path }: { path: string }) {
  return (
    <GatedScreen title="Timesheets" path={path}>
      <Timesheets />
    </GatedScreen>
  );
}

/** /timesheet, for administrators and managers. */
export const TimesheetPage = () => <GatedTimesheets path="/timesheet" />;

/** /timesheetrestaurant: the same screen, read-only, for a restaurant account's own restaurants. */
export const TimesheetRestaurantPage = () => <GatedTimesheets path="/timesheetrestaurant" />;

function Timesheets() {
  const screen = useTimesheetScreen();
  return isPhoneUserAgent() ? <PhoneTimesheets screen={screen} /> : <DesktopTimesheets screen={screen} />;
}

function DesktopTimesheets({ screen }: { screen: TimesheetScreen }) {
  const { list, selected, readOnly } = screen;
  // The form follows the window's width: in one as narrow as a phone's it is the phone's full-screen sheet.
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const table = useRef<TimesheetTableHandle>(null);
  const main = useRef<HTMLDivElement>(null);
  const [pinned, setPinned] = useState(false);
  const [paneHeight, setPaneHeight] = useState(PINNED_FORM_HEIGHT);
  /** The form never hides the whole table: it keeps at least MIN_TABLE_HEIGHT above it. */
  const clampPane = (height: number) => Math.max(MIN_PANE_HEIGHT, Math.min(height, (main.current?.clientHeight ?? 900) - MIN_TABLE_HEIGHT));
  const [adding, setAdding] = useState(false);
  const [invoicing, setInvoicing] = useState(false);
  /** The unpinned form is beside the rows, not over them: a row is scrolled to as it is. */
  const coveredByForm = () => 0;
  const select = (row: TimesheetView) => {
    screen.setSelectedId(row.id);
    requestAnimationFrame(() => table.current?.scrollToRow(row.id, coveredByForm()));
  };
  const invoiceRestaurant = screen.location?.type === 'restaurant' ? (screen.restaurants.find((r) => r.id === screen.location!.id) ?? null) : null;

  const form = selected && (
    <SummaryForm
      key={`${selected.id}|${selected.status}|${selected.status_progress}|${selected.start_time}|${selected.finish_time}|${selected.cost_total}|${selected.period_date}|${selected.restaurant_id}|${selected.comment ?? ''}`}
      row={selected}
      {...screen.formProps}
      pinned={pinned || narrow}
      narrow={!pinned || narrow}
      onTogglePin={narrow ? undefined : () => setPinned((p) => !p)}
      onScrollTo={narrow ? undefined : () => table.current?.scrollToRow(selected.id, coveredByForm())}
      onClose={pinned || narrow ? undefined : () => screen.setSelectedId(null)}
      onSaved={screen.onSaved}
      onRemoved={screen.onRemoved}
    />
  );

  return (
    <Box sx={{ height: `calc(100vh - ${LAYOUT_OFFSET}px)`, minHeight: 480, display: 'flex', flexDirection: 'column' }}>
      <TimesheetToolbar
        dates={screen.dates}
        areas={screen.areas}
        location={screen.location}
        onLocation={screen.setLocation}
        status={screen.status}
        onStatus={screen.setStatus}
        shown={screen.shown}
        readOnly={readOnly}
        onNew={() => setAdding(true)}
        onApproved={list.upsert}
        onRequestInvoice={() => setInvoicing(true)}
      />
      {list.isPending && <LinearProgress aria-label="Loading timesheets" sx={{ mb: 0.5 }} />}
      {list.error && (
        <Alert severity="error" sx={{ mb: 1 }} action={<Button color="inherit" size="small" onClick={list.reload}>Retry</Button>}>
          {list.error.message || 'The timesheets could not be loaded'}
        </Alert>
      )}
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', gap: 1 }}>
        {/* The sheet takes the driver list's room below the widest screens: the rows keep theirs. */}
        <Box sx={{ width: 220, flexShrink: 0, display: form && !pinned && !narrow ? { xs: 'none', xl: 'block' } : { xs: 'none', md: 'block' }, minHeight: 0 }}>
          <DriverPanel rows={screen.settledFiltered} value={screen.driver} onChange={screen.setDriver} />
        </Box>
        <Box ref={main} sx={{ position: 'relative', flex: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
          <Box sx={{ flex: 1, minHeight: MIN_TABLE_HEIGHT, display: 'flex', flexDirection: 'column' }}>
            <TimesheetTable ref={table} rows={screen.shown} selectedId={screen.selectedId} onSelect={select} loading={list.isPending} />
            <TotalsBar totals={screen.totals} />
          </Box>
          {form && pinned && !narrow && (
            <>
              <ResizeHandle onResize={(dy) => setPaneHeight((h) => clampPane(h - dy))} />
              <Paper variant="outlined" sx={{ flexShrink: 0, height: clampPane(paneHeight), overflow: 'hidden' }}>
                {form}
              </Paper>
            </>
          )}
        </Box>
        {form && !pinned && !narrow && (
          <Paper variant="outlined" sx={{ flexShrink: 0, width: `min(${SHEET_WIDTH}px, 70%)`, overflow: 'hidden' }}>
            {form}
          </Paper>
        )}
      </Box>
      {narrow && (
        <ProcessDialog open={!!form} onClose={() => screen.setSelectedId(null)}>
          {form}
        </ProcessDialog>
      )}
      {!readOnly && adding && <AddScreenTimesheet screen={screen} onClose={() => setAdding(false)} />}
      {invoiceRestaurant && invoicing && (
        <RequestInvoiceDialog
          variant={readOnly ? 'restaurant' : 'admin'}
          restaurantId={invoiceRestaurant.id}
          restaurantName={invoiceRestaurant.name}
          range={screen.dates.range}
          onClose={() => setInvoicing(false)}
        />
      )}
    </Box>
  );
}
