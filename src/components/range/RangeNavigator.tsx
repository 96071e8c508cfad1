import { useState } from 'react';
import { Button, IconButton, Stack, Tooltip } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DateRangeIcon from '@mui/icons-material/DateRange';
import { rangeLabel } from '../../../domain/ranges';
import { RangePicker } from './RangePicker';
import type { DateRangeState } from './useDateRange';

/** Previous and next buttons around the shown range, which opens the range picker. */
export function RangeNavigator({ state }: { state: DateRangeState }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }}>
      <Tooltip title="Previous">
        <IconButton aria-label="Previous" onClick={state.previous} size="small">
          <ChevronLeftIcon />
        </IconButton>
      </Tooltip>
      <Button
        variant="outlined"
        size="small"
        color="inherit"
        startIcon={<DateRangeIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={`Date range ${rangeLabel(state.range)}`}
        aria-haspopup="dialog"
        sx={{ whiteSpace: 'nowrap', textTransform: 'none', borderColor: 'divider' }}
      >
        {rangeLabel(state.range)}
      </Button>
      <Tooltip title="Next">
        <IconButton aria-label="Next" onClick={state.next} size="small">
          <ChevronRightIcon />
        </IconButton>
      </Tooltip>
      {anchor && (
        <RangePicker anchorEl={anchor} onClose={() => setAnchor(null)} range={state.range} interval={state.interval} onPick={state.setRange} />
      )}
    </Stack>
  );
}
