import { Button } from '@mui/material';
import type { BoardKeyboard } from './boardKeyboard';

/**
 * The toolbar's last stop: one key press from the toolbar to the first shift in view, past the driver list and the
 * restaurant names. Out of sight until the keyboard reaches it.
 */
export function SkipToShifts({ keyboard }: { keyboard: { current: BoardKeyboard | null } }) {
  return (
    <Button
      size="small"
      variant="contained"
      onClick={() => keyboard.current?.focusFirstShift()}
      sx={{
        position: 'absolute',
        width: '1px',
        height: '1px',
        overflow: 'hidden',
        clipPath: 'inset(50%)',
        whiteSpace: 'nowrap',
        '&:focus-visible, &:focus': { position: 'static', width: 'auto', height: 'auto', overflow: 'visible', clipPath: 'none' },
      }}
    >
      Skip to the shifts
    </Button>
  );
}
