import { Box } from '@mui/material';
import { PASSWORD_COUNTER } from '../../domain/messages';

/** A field's helper: error text on the left, the spec's character counter on the right ('n/12' for a password, 'n/55'). */
export function WithCounter({ message, length, max = PASSWORD_COUNTER }: { message?: string; length: number; max?: number }) {
  return (
    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
      <span>{message ?? ''}</span>
      <span>
        {length}/{max}
      </span>
    </Box>
  );
}
