import { memo, useMemo, useState } from 'react';
import { Box, InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { driverSummaries, hasDriver, type TimesheetView } from '../../../domain/timesheets';
import { formatMoney } from '../../components/format';
import { formatHours } from './rowWords';
import { useVirtualRows } from './useVirtualRows';

/** Which rows the table shows: every driver's, the open shifts, or one driver's. */
export type DriverFilter = 'all' | 'open' | number;

export function matchesDriverFilter(row: TimesheetView, filter: DriverFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'open') return !hasDriver(row);
  return row.driver_id === filter;
}

interface Entry {
  key: string;
  filter: DriverFilter;
  name: string;
  detail: string;
}

const ENTRY_HEIGHT = 48;
/** British order, the collator made once: a week has some 2,000 drivers to sort. */
const byName = new Intl.Collator('en-GB').compare;

const EntryButton = memo(function EntryButton({ entry, top, selected, onPick }: { entry: Entry; top: number; selected: boolean; onPick: (f: DriverFilter) => void }) {
  return (
    <Box
      component="button"
      type="button"
      aria-pressed={selected}
      onClick={() => onPick(entry.filter)}
      sx={{
        position: 'absolute', left: 0, right: 0, top, height: ENTRY_HEIGHT, px: 1.5, textAlign: 'left', border: 0, borderBottom: 1,
        borderColor: 'divider', cursor: 'pointer', font: 'inherit', bgcolor: selected ? 'rgba(25, 118, 210, 0.12)' : 'transparent',
        '&:hover': { bgcolor: selected ? 'rgba(25, 118, 210, 0.16)' : 'action.hover' },
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
      }}
    >
      <Box sx={{ fontSize: 14, fontWeight: selected ? 600 : 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{entry.name}</Box>
      <Box sx={{ fontSize: 12, color: 'text.secondary' }}>{entry.detail}</Box>
    </Box>
  );
});

/**
 * The left panel (spec 3, section 2.3): a search box, 'All drivers', 'Open shift', then each driver of the rows
 * shown with their number of timesheets, hours and pay.
 */
export function DriverPanel({ rows, value, onChange }: { rows: TimesheetView[]; value: DriverFilter; onChange: (f: DriverFilter) => void }) {
  const [search, setSearch] = useState('');
  const entries = useMemo<Entry[]>(() => {
    const summaries = driverSummaries(rows);
    const names = new Map<number, string>();
    for (const r of rows) if (r.driver_id && r.driver_name && !names.has(r.driver_id)) names.set(r.driver_id, r.driver_name);
    const open = rows.filter((r) => !hasDriver(r)).length;
    const drivers = [...summaries.values()]
      .map((s): Entry => ({
        key: `d${s.driver_id}`,
        filter: s.driver_id,
        name: names.get(s.driver_id) ?? `Driver ${s.driver_id}`,
        detail: `${s.count} timesheet${s.count === 1 ? '' : 's'} · ${formatHours(s.hours)} h · ${formatMoney(s.cost)}`,
      }))
      .sort((a, b) => byName(a.name, b.name));
    return [
      { key: 'all', filter: 'all', name: `All drivers [${summaries.size}]`, detail: `${rows.length} timesheets` },
      { key: 'open', filter: 'open', name: 'Open shift', detail: `${open} open shift${open === 1 ? '' : 's'}` },
      ...drivers,
    ];
  }, [rows]);

  const q = search.trim().toLowerCase();
  const shown = q ? entries.filter((e) => typeof e.filter !== 'number' || e.name.toLowerCase().includes(q)) : entries;
  const { containerRef, first, last, totalHeight } = useVirtualRows(shown.length, ENTRY_HEIGHT);

  return (
    <Box component="nav" aria-label="Drivers" sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
      <Box sx={{ p: 1 }}>
        <TextField
          size="small"
          fullWidth
          placeholder="Search drivers"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{ htmlInput: { 'aria-label': 'Search drivers' }, input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
        />
      </Box>
      <Box ref={containerRef} sx={{ flex: 1, minHeight: 0, overflowY: 'auto', position: 'relative', borderTop: 1, borderColor: 'divider' }}>
        <div style={{ height: totalHeight, position: 'relative' }}>
          {shown.slice(first, last).map((entry, k) => (
            <EntryButton key={entry.key} entry={entry} top={(first + k) * ENTRY_HEIGHT} selected={entry.filter === value} onPick={onChange} />
          ))}
        </div>
      </Box>
    </Box>
  );
}
