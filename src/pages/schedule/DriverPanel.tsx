import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Box, CircularProgress, FormControlLabel, InputAdornment, List, ListItem, ListItemButton, ListItemText, Switch, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import type { BoardDriver } from '../../../domain/shiftCalls';
import type { DriverChoice } from './boardRows';
import { useVirtualRows } from '../timesheets/useVirtualRows';
import { DisabledReason } from '../../components/DisabledReason';

const ROW = 40;
/** 'All drivers', 'Open shifts' and 'Late and no-shows' come before the drivers in the list's keyboard order. */
const FIXED = 3;

export interface DriverPanelProps {
  drivers: readonly BoardDriver[];
  /** Shifts per driver in the shown range and rows. */
  counts: ReadonlyMap<number, number>;
  openCount: number;
  /** Open drafts: counted in the totals' Open Shifts, but not on the board, so the panel says how many. */
  openDrafts: number;
  /** Today's late drivers and no-shows on the board. */
  lateCount: number;
  choice: DriverChoice;
  onChoice: (choice: DriverChoice) => void;
  onlyTheirRestaurants: boolean;
  onOnlyTheirRestaurants: (on: boolean) => void;
  /** The drivers are still on their way: a spinner, never 'No drivers found', which would be untrue. */
  loading?: boolean;
}

/**
 * The left driver list (spec 3, section 2.1): search, 'All drivers [n]', 'Open shifts', then the drivers, each
 * with their number of shifts shown; picking one shows only their shifts, and the switch narrows the rows to
 * the restaurants where they have some. Only the rows in view are rendered (thousands of drivers). Memoised: a change
 * of week draws it again only once the new week's shifts change its counts.
 */
export const DriverPanel = memo(function DriverPanel({ drivers, counts, openCount, openDrafts, lateCount, choice, onChoice, onlyTheirRestaurants, onOnlyTheirRestaurants, loading = false }: DriverPanelProps) {
  const [query, setQuery] = useState('');
  const found = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? drivers.filter((d) => d.full_name.toLowerCase().includes(q) || (d.phone ?? '').replace(/\s/g, '').includes(q.replace(/\s/g, ''))) : drivers;
  }, [drivers, query]);
  // Measured after the commit (a height read and set while React commits made it render again in that task).
  const virtual = useVirtualRows(found.length, ROW);
  const { containerRef, first, last, totalHeight } = virtual;
  const { scrollToRow } = virtual;
  const selected = choice.kind === 'driver' ? choice.id : null;

  // One Tab stop for the whole list (the choices and the drivers), arrow keys inside: the last item focused, or
  // 'All drivers' while that one is scrolled out of the drawn rows.
  const [active, setActive] = useState(0);
  const count = FIXED + found.length;
  const current = active < count ? active : 0;
  const stop = current < FIXED || (current - FIXED >= first && current - FIXED < last) ? current : 0;
  const navRef = useRef<HTMLElement | null>(null);
  const focusNext = useRef<number | null>(null);
  // An item moved to by key is focused once drawn (a driver far down the list is drawn after the scroll).
  useEffect(() => {
    if (focusNext.current === null) return;
    const el = navRef.current?.querySelector<HTMLElement>(`[data-nav="${focusNext.current}"]`);
    if (el) {
      focusNext.current = null;
      el.focus();
    }
  });
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const from = Number((e.target as HTMLElement).closest<HTMLElement>('[data-nav]')?.dataset.nav);
    if (!Number.isFinite(from)) return;
    const to = e.key === 'ArrowDown' ? from + 1 : e.key === 'ArrowUp' ? from - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? count - 1 : null;
    if (to === null) return;
    e.preventDefault();
    if (to < 0 || to >= count || to === from) return;
    setActive(to);
    focusNext.current = to;
    if (to >= FIXED) scrollToRow(to - FIXED);
    navRef.current?.querySelector<HTMLElement>(`[data-nav="${to}"]`)?.focus();
  };
  const item = (index: number) => ({ 'data-nav': index, tabIndex: index === stop ? 0 : -1, onFocus: () => setActive(index) });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }} component="nav" aria-label="Drivers" ref={navRef} onKeyDown={onKeyDown}>
      <TextField
        size="small"
        variant="outlined"
        margin="none"
        placeholder="Search drivers"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> }, htmlInput: { 'aria-label': 'Search drivers' } }}
        fullWidth={false}
        sx={{ m: 1, width: 'calc(100% - 16px)' }}
      />
      <List dense disablePadding>
        <ListItem disablePadding>
          <ListItemButton {...item(0)} selected={choice.kind === 'all'} onClick={() => onChoice({ kind: 'all' })}>
            <ListItemText primary={`All drivers [${drivers.length}]`} />
          </ListItemButton>
        </ListItem>
        <ListItem disablePadding>
          <ListItemButton {...item(1)} selected={choice.kind === 'open'} onClick={() => onChoice({ kind: 'open' })}>
            <ListItemText primary="Open shifts" secondary={openShown(openCount, openDrafts)} />
          </ListItemButton>
        </ListItem>
        <ListItem disablePadding>
          <ListItemButton {...item(2)} selected={choice.kind === 'lateNoShow'} onClick={() => onChoice({ kind: 'lateNoShow' })}>
            <ListItemText primary={`Late and no-shows [${lateCount}]`} secondary="Today's shifts not started in time" />
          </ListItemButton>
        </ListItem>
      </List>
      <FormControlLabel
        sx={{ mx: 1 }}
        control={
          <DisabledReason reason={selected === null && 'Pick a driver in the list first'}>
            <Switch size="small" checked={onlyTheirRestaurants} disabled={selected === null} onChange={(e) => onOnlyTheirRestaurants(e.target.checked)} />
          </DisabledReason>
        }
        label={<Typography variant="caption">Only restaurants with this driver's shifts</Typography>}
      />
      <Box
        sx={{ flex: 1, overflowY: 'auto', minHeight: 120, borderTop: 1, borderColor: 'divider' }}
        ref={containerRef}
        // Not a Tab stop of its own (a scroller whose items are all out of the Tab order would be): the list is one.
        tabIndex={-1}
      >
        <Box sx={{ height: totalHeight, position: 'relative' }}>
          <List dense disablePadding sx={{ position: 'absolute', top: first * ROW, left: 0, right: 0 }}>
            {found.slice(first, last).map((d, i) => (
              <ListItem key={d.id} disablePadding>
                <ListItemButton {...item(FIXED + first + i)} selected={d.id === selected} onClick={() => onChoice(d.id === selected ? { kind: 'all' } : { kind: 'driver', id: d.id })} sx={{ height: ROW }}>
                  <ListItemText primary={d.full_name} slotProps={{ primary: { noWrap: true } }} />
                  <Typography variant="caption" color="text.secondary" aria-label={`${counts.get(d.id) ?? 0} shifts`}>
                    {counts.get(d.id) ?? 0}
                  </Typography>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Box>
        {!found.length && loading && (
          <Box role="status" sx={{ p: 2, display: 'flex', gap: 1, alignItems: 'center', color: 'text.secondary', typography: 'body2' }}>
            <CircularProgress size={18} aria-hidden />
            Loading drivers…
          </Box>
        )}
        {!found.length && !loading && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            No drivers found
          </Typography>
        )}
      </Box>
    </Box>
  );
});

/** '158 shown', or '158 shown, 9 drafts not on the board' so it agrees with the totals' Open Shifts (167). */
function openShown(shown: number, drafts: number): string {
  if (!drafts) return `${shown} shown`;
  return `${shown} shown, ${drafts} ${drafts === 1 ? 'draft' : 'drafts'} not on the board`;
}
