import { useState } from 'react';
import { useNotify } from 'react-admin';
import { Button } from '@mui/material';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import type { DateRange } from '../../../domain/ranges';
import type { ShiftRecord } from '../../../domain/shifts';
import type { LocationSelection } from '../../components/LocationPicker';
import { lazyDialog, preloadAll } from '../../components/lazyDialog';

const FillShiftsDialog = lazyDialog(() => import('./FillShiftsDialog'), 'FillShiftsDialog');
const preload = preloadAll([FillShiftsDialog]);

/** The board toolbar's 'Fill open shifts': the planning assistant for the range and location the board shows. */
export function FillShiftsButton({ range, location, onApplied }: { range: DateRange; location: LocationSelection | null; onApplied: (shifts: ShiftRecord[]) => void }) {
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  return (
    <>
      <Button variant="outlined" startIcon={<AutoFixHighIcon />} onPointerEnter={preload} onFocus={preload} onClick={() => setOpen(true)}>
        Fill open shifts
      </Button>
      {open && (
        <FillShiftsDialog
          range={range}
          location={location}
          onClose={() => setOpen(false)}
          onApplied={(shifts) => {
            onApplied(shifts);
            if (shifts.length) notify(`${shifts.length} shift${shifts.length === 1 ? '' : 's'} assigned`, { type: 'success' });
          }}
        />
      )}
    </>
  );
}
