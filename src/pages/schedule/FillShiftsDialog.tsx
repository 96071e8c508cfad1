import { useEffect, useMemo, useState } from 'react';
import {
  Alert, Box, Button, Checkbox, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, NativeSelect, Table, TableBody, TableCell,
  TableContainer, TableHead, TableRow, Typography, useMediaQuery, type Theme,
} from '@mui/material';
import { ukDayDate } from '../../../domain/dates';
import { timeRange, type FillFailure, type FillProposalsAnswer, type ShiftLine } from '../../../domain/planner';
import type { DateRange } from '../../../domain/ranges';
import type { ShiftRecord } from '../../../domain/shifts';
import type { LocationSelection } from '../../components/LocationPicker';
import { useAppDataProvider, useDataProviderRef } from '../../../providers/dataProvider';
import { closeUnlessBusyClick } from './ActionDialog';

const shiftText = (s: ShiftLine) => `${ukDayDate(s.period_date)} · ${timeRange(s)}`;

export interface FillShiftsDialogProps {
  range: DateRange;
  location: LocationSelection | null;
  onClose: () => void;
  /** The shifts given a driver (the live feed tells the board too). */
  onApplied: (assigned: ShiftRecord[]) => void;
}

/**
 * 'Fill open shifts': the assistant's proposal for every open shift the board shows, as a review table (shift,
 * driver with the next candidates to choose from, the reason, a tick), then the shifts nobody can take and why.
 * Apply sends the ticked lines; lines the server could not assign stay, with its reason.
 */
export function FillShiftsDialog({ range, location, onClose, onApplied }: FillShiftsDialogProps) {
  const dataProvider = useAppDataProvider();
  const provider = useDataProviderRef();
  const [answer, setAnswer] = useState<FillProposalsAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [chosen, setChosen] = useState<Map<number, number>>(new Map());
  const [failed, setFailed] = useState<Map<number, string>>(new Map());
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));

  useEffect(() => {
    let live = true;
    provider.current
      .getFillProposals({
        period_date_from: range.from,
        period_date_to: range.to,
        area_id: location?.type === 'area' ? location.id : undefined,
        restaurant_id: location?.type === 'restaurant' ? location.id : undefined,
      })
      .then(
        (a) => {
          if (!live) return;
          setAnswer(a);
          setTicked(new Set(a.proposals.map((p) => p.shift_id)));
          setChosen(new Map(a.proposals.map((p) => [p.shift_id, p.driver_id])));
        },
        (e: Error) => live && setError(e.message || 'The proposals could not be made'),
      );
    return () => {
      live = false;
    };
  }, [range, location, provider]);

  const lines = useMemo(() => answer?.proposals ?? [], [answer]);
  const toggle = (id: number) =>
    setTicked((t) => {
      const next = new Set(t);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const apply = async () => {
    setBusy(true);
    setError(null);
    try {
      const send = lines.filter((l) => ticked.has(l.shift_id)).map((l) => ({ shift_id: l.shift_id, driver_id: chosen.get(l.shift_id) ?? l.driver_id }));
      const result = await dataProvider.applyFill(send);
      onApplied(result.assigned);
      if (!result.failed.length) return onClose();
      // What was assigned leaves the table; what was refused stays ticked, with why.
      const done = new Set(result.assigned.map((s) => s.id));
      setAnswer((a) => a && { ...a, proposals: a.proposals.filter((p) => !done.has(p.shift_id)) });
      setFailed(new Map(result.failed.map((f: FillFailure) => [f.shift_id, f.message])));
    } catch (e) {
      setError((e as Error).message || 'The shifts could not be assigned');
    } finally {
      setBusy(false);
    }
  };

  /** A proposal's tick box, driver choice and reason, laid out as a table row or, on a phone, as a card. */
  const proposalCells = (line: FillProposalsAnswer['proposals'][number]) => {
    const options = [line, ...line.candidates];
    const driverId = chosen.get(line.shift_id) ?? line.driver_id;
    const picked = options.find((o) => o.driver_id === driverId) ?? line;
    const refused = failed.get(line.shift_id);
    return {
      tick: (
        <Checkbox
          checked={ticked.has(line.shift_id)}
          onChange={() => toggle(line.shift_id)}
          slotProps={{ input: { 'aria-label': `Assign ${line.restaurant_name} ${shiftText(line)}` } }}
        />
      ),
      driver: (
        <NativeSelect
          value={driverId}
          onChange={(e) => setChosen((c) => new Map(c).set(line.shift_id, Number(e.target.value)))}
          inputProps={{ 'aria-label': `Driver for ${line.restaurant_name} ${shiftText(line)}` }}
        >
          {options.map((o) => (
            <option key={o.driver_id} value={o.driver_id}>
              {o.driver_name}
            </option>
          ))}
        </NativeSelect>
      ),
      why: (
        <>
          {picked.reason}
          {refused && (
            <Typography variant="body2" color="error">
              Not assigned: {refused}
            </Typography>
          )}
        </>
      ),
    };
  };

  const count = lines.filter((l) => ticked.has(l.shift_id)).length;
  return (
    <Dialog open onClose={closeUnlessBusyClick(busy, onClose)} maxWidth="lg" fullWidth fullScreen={phone} aria-labelledby="fill-title">
      <DialogTitle id="fill-title">Fill open shifts</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error" sx={{ mb: 1 }}>{error}</Alert>}
        {!answer && !error && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress aria-label="Making proposals" />
          </Box>
        )}
        {answer && !lines.length && !answer.unfilled.length && <Typography>No open shifts to fill in this range.</Typography>}
        {lines.length > 0 &&
          (phone ? (
            // On a phone each proposal is a card (shift, driver, why, stacked) in a list that scrolls in its own box.
            <Box component="ul" aria-label="Proposals" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
              {lines.map((line) => {
                const cells = proposalCells(line);
                return (
                  <Box component="li" key={line.shift_id} data-shift-id={line.shift_id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
                    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
                      {cells.tick}
                      <Box sx={{ minWidth: 0, pt: 1 }}>
                        <Typography sx={{ fontWeight: 600 }}>{line.restaurant_name}</Typography>
                        <Typography variant="body2">{shiftText(line)}</Typography>
                      </Box>
                    </Box>
                    <Box sx={{ pl: 1, pr: 1, '& .MuiInputBase-root': { width: '100%' } }}>{cells.driver}</Box>
                    <Box sx={{ pl: 1, pr: 1, pt: 0.5, typography: 'body2', color: 'text.secondary' }}>{cells.why}</Box>
                  </Box>
                );
              })}
            </Box>
          ) : (
            <TableContainer sx={{ maxHeight: '55vh' }}>
              <Table size="small" stickyHeader aria-label="Proposals">
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox" />
                    <TableCell>Restaurant</TableCell>
                    <TableCell>Shift</TableCell>
                    <TableCell>Driver</TableCell>
                    <TableCell>Why</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {lines.map((line) => {
                    const cells = proposalCells(line);
                    return (
                      <TableRow key={line.shift_id} data-shift-id={line.shift_id}>
                        <TableCell padding="checkbox">{cells.tick}</TableCell>
                        <TableCell>{line.restaurant_name}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{shiftText(line)}</TableCell>
                        <TableCell>{cells.driver}</TableCell>
                        <TableCell>{cells.why}</TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          ))}
        {answer && answer.unfilled.length > 0 && (
          <Box sx={{ mt: 2 }} aria-label="Shifts nobody can take">
            <Typography variant="subtitle2">Nobody can take {answer.unfilled.length === 1 ? 'this shift' : `these ${answer.unfilled.length} shifts`}</Typography>
            {answer.unfilled.map((u) => (
              <Typography key={u.shift_id} variant="body2" color="text.secondary">
                {u.restaurant_name} · {shiftText(u)}: {u.reason}
              </Typography>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          Close
        </Button>
        <Button variant="contained" onClick={apply} disabled={busy || !count}>
          {busy ? <CircularProgress size={20} color="inherit" aria-label="Assigning shifts" /> : `Assign ${count} shift${count === 1 ? '' : 's'}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
