import { Box } from '@mui/material';
import { PASSWORD_COUNTER } from '../../domain/messages';

/** A password field's helper: error text on the left, the spec's character counter ('n/12') on the right. */
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
