import { useState } from 'react';
import { Title } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { RoleGate } from '../../src/components/RoleGate';
import { AreaCard } from './AreaCard';
import { AreaDialog } from './AreaDialog';
import { AreaPagination } from './AreaPagination';
import { DeleteAreaDialog } from './DeleteAreaDialog';
import { useAreas, useCities } from './useAreas';
import type { Area } from './types';

/** Areas per page (spec 1, section 9: choices 1, 5, 10, 100, 1000, default 1). */
export const AREA_PER_PAGE_CHOICES = [1, 5, 10, 100, 1000] as const;
export const AREA_PER_PAGE_DEFAULT = 1;
const ALL_AREAS = '';

type Open = { kind: 'add' } | { kind: 'edit'; area: Area } | { kind: 'delete'; area: Area } | null;

/**
 * The Areas screen (spec 1, section 2), for administrators: pick one area or all, page through them, add, edit and
 * remove areas. The list follows the live feed, so another administrator's change shows here too.
 */
export function AreasPage() {
  return (
    <>
      <Title title="Areas" />
      <RoleGate path="/areas">
        <AreasScreen />
      </RoleGate>
    </>
  );
}

function AreasScreen() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const { data: areas = [], isPending, error, refetch } = useAreas();
  const { data: cities = [] } = useCities();
  const [selected, setSelected] = useState<string>(ALL_AREAS);
  const [perPage, setPerPage] = useState<number>(AREA_PER_PAGE_DEFAULT);
  const [page, setPage] = useState(1);
  /** The area just saved: its page is shown once the reloaded list has it (names sort, so it may have moved). */
  const [focusId, setFocusId] = useState<number | null>(null);
  const [open, setOpen] = useState<Open>(null);

  // A picked area that has since been removed (here or elsewhere) falls back to all areas.
  const picked = selected === ALL_AREAS ? undefined : areas.find((a) => String(a.id) === selected);
  const shown = picked ? [picked] : areas;
  const pageCount = Math.max(1, Math.ceil(shown.length / perPage));
  const focusIndex = focusId === null ? -1 : shown.findIndex((a) => a.id === focusId);
  const currentPage = focusIndex >= 0 ? Math.floor(focusIndex / perPage) + 1 : Math.min(page, pageCount);
  const first = (currentPage - 1) * perPage;
  const visible = shown.slice(first, first + perPage);

  const goTo = (p: number) => {
    setFocusId(null);
    setPage(p);
    window.scrollTo({ top: 0 });
  };
  const onSaved = (area: Area) => {
    setOpen(null);
    if (selected !== ALL_AREAS && selected !== String(area.id)) setSelected(ALL_AREAS);
    setFocusId(area.id);
    void refetch();
  };
  const onDeleted = () => {
    setOpen(null);
    setFocusId(null);
    setPage(currentPage);
    void refetch();
  };

  return (
    <Box sx={{ maxWidth: 1100, width: '100%', mx: 'auto', pb: 3 }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={{ xs: 1.5, md: 2 }}
        sx={{ alignItems: { xs: 'stretch', md: 'center' }, mb: 2 }}
      >
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Areas
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr) 96px', md: '260px 96px' }, gap: 1.5 }}>
          <TextField
            select
            size="small"
            label="Select an area"
            value={picked ? selected : ALL_AREAS}
            onChange={(e) => {
              setSelected(e.target.value);
              goTo(1);
            }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value={ALL_AREAS}>All areas</MenuItem>
            {areas.map((a) => (
              <MenuItem key={a.id} value={String(a.id)}>
                {a.name} ({a.city.city_name})
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Per page"
            value={perPage}
            onChange={(e) => {
              setPerPage(Number(e.target.value));
              goTo(1);
            }}
          >
            {AREA_PER_PAGE_CHOICES.map((n) => (
              <MenuItem key={n} value={n}>
                {n}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ kind: 'add' })} sx={{ flexShrink: 0 }}>
          Add Area
        </Button>
      </Stack>

      {isPending && <LinearProgress aria-label="Loading areas" />}
      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Retry
            </Button>
          }
        >
          {(error as Error).message || 'The areas could not be loaded'}
        </Alert>
      )}
      {!isPending && !error && areas.length === 0 && (
        <Alert severity="info">No areas yet: add the first one with Add Area.</Alert>
      )}

      <Stack spacing={2}>
        {visible.map((area) => (
          <AreaCard
            key={area.id}
            area={area}
            phone={phone}
            onEdit={() => setOpen({ kind: 'edit', area })}
            onDelete={() => setOpen({ kind: 'delete', area })}
          />
        ))}
      </Stack>

      {shown.length > 0 && (
        <Stack spacing={1} sx={{ mt: 2, alignItems: 'center' }}>
          <AreaPagination page={currentPage} count={pageCount} onChange={goTo} visible={phone ? 5 : undefined} />
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {visible.length === 1 ? `Area ${first + 1}` : `Areas ${first + 1}–${first + visible.length}`} of {shown.length}
          </Typography>
        </Stack>
      )}

      {open?.kind === 'add' && <AreaDialog cities={cities} onClose={() => setOpen(null)} onSaved={onSaved} />}
      {open?.kind === 'edit' && (
        <AreaDialog key={open.area.id} area={open.area} cities={cities} onClose={() => setOpen(null)} onSaved={onSaved} />
      )}
      {open?.kind === 'delete' && <DeleteAreaDialog area={open.area} onClose={() => setOpen(null)} onDeleted={onDeleted} />}
    </Box>
  );
}
