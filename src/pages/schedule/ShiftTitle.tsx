import { Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { ukDate } from '../../../domain/dates';
import { isDate } from '../../../domain/ranges';

/** A shift dialog's title ('New Shift', 'Edit Shift'), with the restaurant and the date as the form holds it. */
export function ShiftTitle({ title, restaurant }: { title: string; restaurant: string }) {
  const date = useWatch({ name: 'period_date' }) as string;
  return (
    <>
      {title}
      <Typography variant="body2" color="text.secondary">
        {restaurant}
        {isDate(date) ? ` · ${ukDate(date)}` : ''}
      </Typography>
    </>
  );
}
