import { memo, useMemo, useState } from 'react';
import { Button, IconButton, Menu, MenuItem } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { SHIFT_STATUS } from '../../../domain/statuses';
import { canDelete, canPublish, canUnpublish, stateOf, type ShiftRecord } from '../../../domain/shifts';

export interface BulkActionsProps {
  /** The shifts of the location the board shows (drafts left out): each action takes those it may apply to. */
  shifts: ShiftRecord[];
  onCopy: () => void;
  onPublish: (shifts: ShiftRecord[]) => void;
  /**
   * False until the driver list is in: Publish first checks each driver's availability and other shifts on the
   * board's own data, and before the list is in it would find nothing to warn of.
   */
  publishReady?: boolean;
  onUnpublish: (shifts: ShiftRecord[]) => void;
  onDelete: (shifts: ShiftRecord[]) => void;
}

/**
 * The board toolbar's Copy shifts, Publish Shifts [n] and the menu of Unpublish and Delete. Memoised: it draws again
 * when the shifts it counts change, not when the board moves to another week (their lists are still the old week's
 * until the new one is in).
 */
export const BulkActions = memo(function BulkActions({ shifts, onCopy, onPublish, publishReady = true, onUnpublish, onDelete }: BulkActionsProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const toPublish = useMemo(() => shifts.filter((s) => s.status === SHIFT_STATUS.new && canPublish(stateOf(s))), [shifts]);
  const toUnpublish = useMemo(() => shifts.filter((s) => canUnpublish(stateOf(s))), [shifts]);
  const toDelete = useMemo(() => shifts.filter((s) => s.status === SHIFT_STATUS.new && canDelete(stateOf(s))), [shifts]);
  return (
    <>
      <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={onCopy}>
        Copy shifts
      </Button>
      <Button variant="contained" disabled={!publishReady} onClick={() => onPublish(toPublish)}>
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
