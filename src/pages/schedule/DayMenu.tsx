import { useMemo, useState } from 'react';
import { Box, FormControlLabel, List, ListItem, ListItemText, Popover, Switch, Typography } from '@mui/material';
import { ukDate } from '../../../domain/dates';
import { SHIFT_LABEL, type ShiftRecord } from '../../../domain/shifts';
import { dayAvailability, windowList } from '../../../domain/availability';
import type { BoardDriver } from '../../../domain/shiftCalls';

const SHOWN_MAX = 200;

export interface DriverDay {
  driver: BoardDriver;
  /** 'Holiday', or null when the driver can work that day. */
  unavailable: string | null;
  /** The day's working periods, or 'all day' when it has none. */
  hours: string;
  shifts: ShiftRecord[];
}

/** Each driver's day: unavailable (a holiday), the hours they work, and the shifts they have. */
export function driverDays(drivers: readonly BoardDriver[], shifts: readonly ShiftRecord[], date: string): DriverDay[] {
  const byDriver = new Map<number, ShiftRecord[]>();
  for (const s of shifts) {
    if (s.period_date !== date || !s.driver_id) continue;
    byDriver.set(s.driver_id, [...(byDriver.get(s.driver_id) ?? []), s]);
  }
  const out: DriverDay[] = [];
  for (const driver of drivers) {
    const day = dayAvailability(driver, date);
    const unavailable = day.kind === 'holiday' ? 'Holiday' : null;
    const hours = day.kind === 'windows' ? windowList(day.windows) : 'all day';
    const own = byDriver.get(driver.id) ?? [];
    if (unavailable || own.length) out.push({ driver, unavailable, hours, shifts: own.sort((a, b) => a.start_time.localeCompare(b.start_time)) });
  }
  return out;
}

/**
 * A day column's menu (spec 3, section 2.1): drivers' unavailability and assigned shifts that day, with a filter
 * for the unavailable ones ('All Drivers Available' when there are none).
 */
export function DayMenu({ date, anchor, drivers, shifts, restaurantName, onClose }: {
  date: string;
  anchor: HTMLElement;
  drivers: readonly BoardDriver[];
  shifts: readonly ShiftRecord[];
  restaurantName: (id: number) => string;
  onClose: () => void;
}) {
  const [onlyUnavailable, setOnlyUnavailable] = useState(false);
  const days = useMemo(() => driverDays(drivers, shifts, date), [drivers, shifts, date]);
  const unavailable = days.filter((d) => d.unavailable);
  const listed = onlyUnavailable ? unavailable : days;
  return (
    <Popover open anchorEl={anchor} onClose={onClose} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }} slotProps={{ paper: { sx: { width: 340, maxHeight: 480 } } }}>
      <Box sx={{ px: 2, pt: 1.5 }} role="dialog" aria-label={`Drivers on ${ukDate(date)}`}>
        <Typography variant="subtitle2">Drivers on {ukDate(date)}</Typography>
        <FormControlLabel control={<Switch size="small" checked={onlyUnavailable} onChange={(e) => setOnlyUnavailable(e.target.checked)} />} label="Only unavailable drivers" />
        {!unavailable.length && (
          <Typography variant="body2" color="success.main" sx={{ mb: 1 }}>
            {SHIFT_LABEL.allDriversAvailable}
          </Typography>
        )}
      </Box>
      <List dense sx={{ pt: 0 }}>
        {listed.slice(0, SHOWN_MAX).map(({ driver, unavailable: why, shifts: own }) => (
          <ListItem key={driver.id}>
            <ListItemText
              primary={driver.full_name}
              secondary={[why, ...own.map((s) => `${restaurantName(s.restaurant_id)} ${s.start_time}–${s.finish_time}`)].filter(Boolean).join(' · ')}
              slotProps={{ secondary: { color: why ? 'error' : 'text.secondary' } }}
            />
          </ListItem>
        ))}
        {listed.length > SHOWN_MAX && (
          <ListItem>
            <ListItemText secondary={`and ${listed.length - SHOWN_MAX} more: choose a location to narrow the list`} />
          </ListItem>
        )}
      </List>
    </Popover>
  );
}
