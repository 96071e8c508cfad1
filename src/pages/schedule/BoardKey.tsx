import { useId, useState } from 'react';
import { Box, Button, Popover, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { SHIFT_LABEL, rejectedByLabel } from '../../../domain/shifts';
import { ATTENDANCE_ICON, attendanceWords, type Attendance } from '../../../domain/attendance';
import { BREACH_LABEL } from './chip';
import type { BoardVariant } from './chipWords';
import './calendar.css';

interface KeyEntry {
  /** The chip's classes on the board (calendar.css draws the sample as the board draws the chip). */
  classes: string;
  sample: string;
  words: string;
  mark?: 'lock' | 'breach';
  /** Today's attendance line under the driver's name. */
  attendance?: Attendance;
}

/** Today's shifts, on both boards: whether the driver has started. */
const ATTENDANCE_KEY: KeyEntry[] = [
  { classes: 'shift shift-s20', sample: 'Dan Driver', words: 'Today: the driver has started (the time they started)', attendance: { kind: 'started', at: '17:02' } },
  { classes: 'shift shift-s20', sample: 'Dan Driver', words: 'Today: not started yet, past the Late After option', attendance: { kind: 'late', minutes: 12 } },
  { classes: 'shift shift-s20', sample: 'Dan Driver', words: 'Today: not started, past the No-Show After option', attendance: { kind: 'noShow', minutes: 35 } },
];

const ADMIN_KEY: KeyEntry[] = [
  { classes: 'shift shift-s20', sample: 'Dan Driver', words: 'Published: drivers can see it (solid green)' },
  { classes: 'shift shift-s10', sample: 'Dan Driver', words: 'Unpublished: not yet sent to drivers (striped amber)' },
  { classes: 'shift shift-s20 shift-open', sample: SHIFT_LABEL.openShift, words: 'No driver yet (words in blue)' },
  { classes: 'shift shift-s10 shift-stale', sample: rejectedByLabel('Dan'), words: 'The driver turned it down (words in red)' },
  { classes: 'shift shift-s20', sample: 'Dan Driver', words: `Padlock: ${SHIFT_LABEL.timesheetExists}; it can no longer be moved`, mark: 'lock' },
  { classes: 'shift shift-s20', sample: 'Dan Driver', words: `Warning sign: ${BREACH_LABEL}`, mark: 'breach' },
  ...ATTENDANCE_KEY,
];

const RESTAURANT_KEY: KeyEntry[] = [
  { classes: 'shift shift-s30', sample: SHIFT_LABEL.openShift, words: 'Draft: only you see it until Publish shifts (dashed grey)' },
  { classes: 'shift shift-s10', sample: SHIFT_LABEL.openShift, words: 'Sent for moderation or unpublished (striped amber)' },
  { classes: 'shift shift-s20', sample: SHIFT_LABEL.claimed, words: 'Published (solid green)' },
  { classes: 'shift shift-s20', sample: 'Dan Driver', words: `Padlock: ${SHIFT_LABEL.timesheetExists}`, mark: 'lock' },
  ...ATTENDANCE_KEY,
];

/**
 * The board's key: what the chips' colours, patterns and marks mean, each in words beside a sample drawn with the
 * board's own styles, so no colour is explained by colour alone.
 */
export function BoardKey({ variant }: { variant: BoardVariant }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const entries = variant === 'admin' ? ADMIN_KEY : RESTAURANT_KEY;
  return (
    <>
      <Button size="small" aria-haspopup="dialog" aria-expanded={!!anchor} aria-controls={anchor ? id : undefined} onClick={(e) => setAnchor(e.currentTarget)}>
        Key
      </Button>
      <Popover
        id={id}
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': 'Key to the shifts' } }}
      >
        <Box className="shift-board" sx={{ p: 1.5, maxWidth: 380 }}>
          <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
            Key to the shifts
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.75 }}>
            {entries.map((e) => (
              <Box component="li" key={e.words} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <Box className={e.classes} aria-hidden="true" sx={{ width: 124, flexShrink: 0, fontSize: 13 }}>
                  <div className="chip">
                    <div className="chip-time">
                      17:00–21:00
                      {e.mark === 'lock' && <LockIcon className="chip-lock" />}
                      {e.mark === 'breach' && <span className="chip-breach">⚠</span>}
                    </div>
                    <div className="chip-who">{e.sample}</div>
                    {e.attendance && (
                      <div className={`chip-attendance chip-att-${e.attendance.kind}`}>
                        {ATTENDANCE_ICON[e.attendance.kind]} {attendanceWords(e.attendance)}
                      </div>
                    )}
                  </div>
                </Box>
                <Typography variant="body2">{e.words}</Typography>
              </Box>
            ))}
          </Box>
        </Box>
      </Popover>
    </>
  );
}
