import { memo, useState } from 'react';
import { Button, IconButton, Menu, MenuItem } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { ShiftRecord } from '../../../domain/shifts';

export interface BulkActionsProps {
  toPublish: ShiftRecord[];
  toUnpublish: ShiftRecord[];
  toDelete: ShiftRecord[];
  onCopy: () => void;
  onPublish: (shifts: ShiftRecord[]) => void;
  onUnpublish: (shifts: ShiftRecord[]) => void;
  onDelete: (shifts: ShiftRecord[]) => void;
}

/**
 * The board toolbar's Copy shifts, Publish Shifts [n] and the menu of Unpublish and Delete. Memoised: it draws again
 * when the shifts it counts change, not when the board moves to another week (their lists are still the old week's
 * until the new one is in).
 */
export const BulkActions = memo(function BulkActions({ toPublish, toUnpublish, toDelete, onCopy, onPublish, onUnpublish, onDelete }: BulkActionsProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={onCopy}>
        Copy shifts
      </Button>
      <Button variant="contained" onClick={() => onPublish(toPublish)}>
        Publish Shifts [{toPublish.length}]
      </Button>
      <IconButton aria-label="More shift actions" onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onUnpublish(toUnpublish);
          }}
          disabled={!toUnpublish.length}
        >
          Unpublish Shifts [{toUnpublish.length}]
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onDelete(toDelete);
          }}
          disabled={!toDelete.length}
        >
          Delete Unpublished Shifts [{toDelete.length}]
        </MenuItem>
      </Menu>
    </>
  );
});
