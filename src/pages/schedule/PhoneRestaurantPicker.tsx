import { MenuItem, TextField } from '@mui/material';
import type { BoardRestaurant } from '../../../domain/shiftCalls';

/**
 * The phone's choice of restaurant: not chosen yet (`undefined`) shows the first of the list, so the board has rows
 * as soon as it opens; 'Choose a restaurant' (`null`) shows none.
 */
export type PhonePick = number | null | undefined;

/** Under the phone's picker: the totals and Publish do not change with the restaurant shown. */
export const PHONE_TOTALS_NOTE = 'Totals and Publish cover every restaurant in the list';

/** The one row the phone board shows (spec 3, section 2.1: one restaurant at a time), or none. */
export function phoneRow(restaurants: readonly BoardRestaurant[], pick: PhonePick): BoardRestaurant | undefined {
  if (pick === null) return undefined;
  return restaurants.find((r) => r.id === pick) ?? restaurants[0];
}

/** Phone layout: one restaurant at a time (spec 3, section 2.1); the totals and counts still cover the whole list. */
export function PhoneRestaurantPicker({ restaurants, value, onChange, helperText }: { restaurants: BoardRestaurant[]; value: PhonePick; onChange: (id: number | null) => void; helperText?: string }) {
  const shown = phoneRow(restaurants, value);
  return (
    <TextField
      select
      size="small"
      variant="outlined"
      margin="none"
      label="Restaurant"
      value={shown ? String(shown.id) : ''}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      helperText={helperText}
      sx={{ mb: 1 }}
      fullWidth
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">
        <em>Choose a restaurant</em>
      </MenuItem>
      {restaurants.map((r) => (
        <MenuItem key={r.id} value={String(r.id)}>
          {r.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
