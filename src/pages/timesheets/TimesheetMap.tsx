import { Suspense } from 'react';
import { Box, Typography } from '@mui/material';
import { hasGoogleMaps, LazyMapPicker, type LatLng } from '../../components/maps';
import type { MapCenter } from '../../../domain/validation/option';
import { TIMESHEET_MAP_MAX_ZOOM } from './useTimesheetOptions';

export interface TimesheetPositions {
  start: LatLng | null;
  finish: LatLng | null;
  restaurant: LatLng | null;
}

const at = (p: LatLng | null) => (p ? `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}` : 'not recorded');

/**
 * Where the driver started and finished, and the restaurant (spec 3, section 2.3): a Google map when a key is
 * configured (centred on the restaurant, else the map_center_default option; zoom capped at 15), otherwise the
 * coordinates as text.
 */
export function TimesheetMap({ positions, center, height = 260 }: { positions: TimesheetPositions; center: MapCenter; height?: number }) {
  if (!hasGoogleMaps) {
    return (
      <Box component="dl" aria-label="Map positions" sx={{ m: 0, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, fontSize: 13, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5 }}>
        <Typography component="dt" variant="body2" color="text.secondary">Start</Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0 }}>{at(positions.start)}</Typography>
        <Typography component="dt" variant="body2" color="text.secondary">Finish</Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0 }}>{at(positions.finish)}</Typography>
        <Typography component="dt" variant="body2" color="text.secondary">Restaurant</Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0 }}>{at(positions.restaurant)}</Typography>
      </Box>
    );
  }
  const focus = positions.restaurant ?? positions.start ?? { lat: center.lat, lng: center.lng };
  const pins = [
    ...(positions.start ? [{ position: positions.start, label: 'S' }] : []),
    ...(positions.finish ? [{ position: positions.finish, label: 'F' }] : []),
  ];
  return (
    <Suspense fallback={<Box sx={{ height }} />}>
      <LazyMapPicker center={focus} zoom={Math.min(center.map_zoom, TIMESHEET_MAP_MAX_ZOOM)} marker={positions.restaurant} pins={pins} height={height} maxZoom={TIMESHEET_MAP_MAX_ZOOM} />
    </Suspense>
  );
}
