import { Box, Tooltip } from '@mui/material';
import { DATA_FULL_FIELDS, dataFullBand } from '../../domain/dataFull';

/** Data Full as the list shows it (spec 2, section 4): the whole percentage in its colour band. */
export function DataFullBadge({ percent }: { percent: number }) {
  const band = dataFullBand(percent);
  return (
    <Tooltip title={`Data Full: ${Math.round((percent * DATA_FULL_FIELDS.length) / 100)} of ${DATA_FULL_FIELDS.length} profile fields filled`}>
      <Box
        component="span"
        aria-label={`Data Full ${percent}%`}
        sx={{
          display: 'inline-block',
          minWidth: 48,
          px: 1,
          py: 0.25,
          borderRadius: 4,
          bgcolor: band.color,
          color: '#fff',
          fontSize: 13,
          fontWeight: 600,
          textAlign: 'center',
          lineHeight: 1.6,
        }}
      >
        {percent}%
      </Box>
    </Tooltip>
  );
}
