import { forwardRef, memo, useImperativeHandle, useLayoutEffect, type KeyboardEvent } from 'react';
import { Box, CircularProgress, Tooltip } from '@mui/material';
import { formatMoney } from '../../../domain/money';
import { progressLabel, statusLabel, type TimesheetView } from '../../../domain/timesheets';
import { dismissFirstView } from '../../components/firstView/dismiss';
import { COLUMNS, dayWords, earnedExtras, HEADER_HEIGHT, HEADINGS, hoursWords, isFigures, MIN_WIDTH, ROW_HEIGHT, STATUS_COLOURS, timeWords } from './rowWords';
import { useVirtualRows } from './useVirtualRows';

/**
 * The body's one row while it has no timesheet: still loading (a spinner, never 'No timesheets', which would be
 * untrue), or none in these days. A row with one cell across the columns, as a table's body holds only rows.
 */
function NoteRow({ loading }: { loading: boolean }) {
  return (
    <div role="row" className="ts-note">
      {loading ? (
        <div role="cell">
          <CircularProgress size={20} aria-hidden />
          <span role="status">Loading timesheets…</span>
        </div>
      ) : (
        <div role="cell">No timesheets for these days and filters</div>
      )}
    </div>
  );
}

export interface TimesheetTableHandle {
  /** Brings a row into view; `hidden` px at the bottom of the table are covered (by the floating form). */
  scrollToRow: (id: number, hidden?: number) => void;
}

interface Props {
  rows: TimesheetView[];
  selectedId: number | null;
  onSelect: (row: TimesheetView) => void;
  /** The list is still on its way: a spinner, never 'No timesheets', which would be untrue. */
  loading?: boolean;
}

function driverTimes(row: TimesheetView): string {
  if (!row.driver_start_time && !row.driver_finish_time) return "No driver's times yet";
  return `Driver's times: ${row.driver_start_time ?? '--:--'} – ${row.driver_finish_time ?? '--:--'}`;
}

const Row = memo(function Row({ row, index, selected, onSelect }: { row: TimesheetView; index: number; selected: boolean; onSelect: (row: TimesheetView) => void }) {
  const extras = earnedExtras(row);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSelect(row);
    }
  };
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      tabIndex={0}
      data-timesheet-id={row.id}
      className={`ts-row${selected ? ' ts-selected' : ''}${row.id <= 0 ? ' ts-placeholder' : ''}`}
      style={{ transform: `translateY(${index * ROW_HEIGHT}px)` }}
      onClick={() => onSelect(row)}
      onKeyDown={onKey}
    >
      <div role="cell">{dayWords(row)}</div>
      <div role="cell" className={row.driver_id ? undefined : 'ts-open'}>
        {row.driver_name ?? 'Open shift'}
      </div>
      <div role="cell" style={{ color: STATUS_COLOURS[row.status], fontWeight: 600 }}>
        {statusLabel(row)}
      </div>
      <div role="cell">{progressLabel(row)}</div>
      <div role="cell" title={row.restaurant_name}>
        {row.restaurant_name}
      </div>
      <Tooltip title={driverTimes(row)} placement="top" disableInteractive>
        <div role="cell">{timeWords(row)}</div>
      </Tooltip>
      <div role="cell" className="ts-num">
        {hoursWords(row)}
      </div>
      <Tooltip title={`${formatMoney(row.cost_per_hour)} per hour`} placement="top" disableInteractive>
        <div role="cell" className="ts-num">
          <div>{formatMoney(row.cost_total)}</div>
          {extras && <div className="ts-extra">{extras}</div>}
        </div>
      </Tooltip>
    </div>
  );
});

/**
 * The timesheet table (spec 3, section 2.3): Date, Driver, Status, Progress, Location, Time (the driver's own
 * times in a tooltip), Hours, Earned (bonus and fuel bonus beneath, the hourly rate in a tooltip). Only the rows in
 * view are drawn.
 */
export const TimesheetTable = forwardRef<TimesheetTableHandle, Props>(function TimesheetTable({ rows, selectedId, onSelect, loading = false }, ref) {
  const { containerRef, first, last, totalHeight, scrollToRow } = useVirtualRows(rows.length, ROW_HEIGHT);
  // The page load's first view of these rows (preview/) gives way as they are drawn, or as the screen tells of none.
  const settled = rows.length > 0 || !loading;
  useLayoutEffect(() => {
    if (settled) dismissFirstView();
  }, [settled]);
  useImperativeHandle(ref, () => ({ scrollToRow: (id, hidden) => scrollToRow(rows.findIndex((r) => r.id === id), hidden) }), [rows, scrollToRow]);

  return (
    <Box
      role="table"
      aria-label="Timesheets"
      // With no row to focus, the keyboard still needs a stop to scroll the table sideways on a narrow screen.
      tabIndex={rows.length === 0 ? 0 : undefined}
      aria-rowcount={rows.length + 1}
      sx={{
        flex: 1,
        minHeight: 0,
        display: 'flex',
        flexDirection: 'column',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        fontSize: 13,
        overflowX: 'auto',
        '& > [role=rowgroup]': { minWidth: MIN_WIDTH },
        '& [role=row]': { display: 'grid', gridTemplateColumns: COLUMNS, alignItems: 'center', columnGap: 1, px: 1.5 },
        '& [role=cell], & [role=columnheader]': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
        '& .ts-num': { textAlign: 'right' },
        '& .ts-row': { position: 'absolute', left: 0, right: 0, top: 0, height: ROW_HEIGHT, borderBottom: 1, borderColor: 'divider', cursor: 'pointer' },
        '& .ts-row:hover': { bgcolor: 'action.hover' },
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
        '& .ts-note': { position: 'absolute', inset: 0, alignItems: 'start' },
        // On a narrow screen the note starts at the left, in view, rather than at the middle of the wide columns.
        '& .ts-note > [role=cell]': { gridColumn: '1 / -1', p: 3, display: 'flex', justifyContent: { xs: 'flex-start', sm: 'center' }, alignItems: 'center', gap: 1.5, color: 'text.secondary', fontSize: 16 },
        '& .ts-row:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
        '& .ts-selected, & .ts-selected:hover': { bgcolor: 'rgba(25, 118, 210, 0.12)' },
        '& .ts-placeholder': { color: 'text.secondary', fontStyle: 'italic' },
        '& .ts-open': { color: 'text.secondary', fontStyle: 'italic' },
        '& .ts-extra': { fontSize: 11, color: 'text.secondary' },
      }}
    >
      <div role="rowgroup">
        <Box role="row" aria-rowindex={1} sx={{ height: HEADER_HEIGHT, borderBottom: 1, borderColor: 'divider', fontWeight: 600, color: 'text.secondary', bgcolor: 'grey.50' }}>
          {HEADINGS.map((h) => (
            <div role="columnheader" key={h} className={isFigures(h) ? 'ts-num' : undefined}>
              {h}
            </div>
          ))}
        </Box>
      </div>
      <Box ref={containerRef} role="rowgroup" sx={{ flex: 1, minHeight: 0, overflowY: 'auto', position: 'relative' }}>
        <div style={{ height: totalHeight, position: 'relative' }}>
          {rows.slice(first, last).map((row, k) => (
            <Row key={row.id} row={row} index={first + k} selected={row.id === selectedId} onSelect={onSelect} />
          ))}
        </div>
        {rows.length === 0 && <NoteRow loading={loading} />}
      </Box>
    </Box>
  );
});
