import { MenuItem, TextField } from '@mui/material';
import type { BoardRestaurant } from './api';

/** Phone layout: one restaurant at a time (spec 3, section 2.1). */
export function PhoneRestaurantPicker({ restaurants, value, onChange }: { restaurants: BoardRestaurant[]; value: number | null; onChange: (id: number | null) => void }) {
  return (
    <TextField
      select
      size="small"
      variant="outlined"
      margin="none"
      label="Restaurant"
      value={value !== null && restaurants.some((r) => r.id === value) ? String(value) : ''}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
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
