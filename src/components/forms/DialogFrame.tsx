import type { ReactNode } from 'react';
import { Dialog } from '@mui/material';

export interface DialogFrameProps {
  /** The id of the title, which names the dialog. */
  titleId: string;
  width: number;
  /** The whole screen (a long form on a phone); `width` is then unused. */
  fullScreen?: boolean;
  /** None while the dialog may not close (a save under way). */
  onClose?: () => void;
  children: ReactNode;
}

/** The panel's dialog: always open (mount it while shown), of the spec's width, named by its title. */
export function DialogFrame({ titleId, width, fullScreen = false, onClose, children }: DialogFrameProps) {
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth={false}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: fullScreen ? {} : { width, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      {children}
    </Dialog>
  );
}
