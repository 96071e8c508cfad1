import type { ReactNode } from 'react';
import { Dialog } from '@mui/material';

export interface DialogFrameProps {
  /** The id of the title, which names the dialog. */
  titleId?: string;
  /** The dialog's name, for a dialog without a title (one waiting for its record). */
  label?: string;
  width: number;
  /** The whole screen (a long form on a phone); `width` is then unused. */
  fullScreen?: boolean;
  /** None while the dialog may not close (a save under way). */
  onClose?: () => void;
  children: ReactNode;
}

/** The panel's dialog: always open (mount it while shown), of the spec's width, named by its title (or `label`). */
export function DialogFrame({ titleId, label, width, fullScreen = false, onClose, children }: DialogFrameProps) {
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth={false}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      aria-label={label}
      slotProps={{ paper: { sx: fullScreen ? {} : { width, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      {children}
    </Dialog>
  );
}
