import { useCallback, useEffect, useMemo, useState } from 'react';
import { useListContext } from 'react-admin';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { cardListScreen, CardListState, type CardListScreenSpec } from '../../src/components/CardList';
import { PerPageSelect } from '../../src/components/ListPagination';
import { AreaCard } from './AreaCard';
import { AreaDialog } from './AreaDialog';
import { DeleteAreaDialog } from './DeleteAreaDialog';
import { useAllAreas, useAreaFeed } from './useAreas';
import { AREAS, type Area } from './types';

/** Areas per page (spec 1, section 9: choices 1, 5, 10, 100, 1000, default 1). */
export const AREA_PER_PAGE_CHOICES = [1, 5, 10, 100, 1000] as const;
export const AREA_PER_PAGE_DEFAULT = 1;
/** The areas list shows 14 page buttons (spec 1, section 9). */
const AREA_VISIBLE_PAGES = 14;
const ALL_AREAS = '';

type Open = { kind: 'add' } | { kind: 'edit'; area: Area } | { kind: 'delete'; area: Area } | null;

const SCREEN: CardListScreenSpec = { title: 'Areas', path: '/areas', resource: AREAS, sort: { field: 'name', order: 'ASC' }, maxWidth: 1100 };
const areaCounter = (first: number, shown: number, total: number) =>
  `${shown === 1 ? `Area ${first + 1}` : `Areas ${first + 1}–${first + shown}`} of ${total}`;

function AreasScreen() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const { data: visible = [], refetch, filterValues, setFilters, setPage, perPage } = useListContext<Area>();
  // Every area, sorted as the pages are: the picker's choices, and where a saved area now lies.
  const all = useAllAreas();
  const areas = useMemo(() => all.data ?? [], [all.data]);
  const [open, setOpen] = useState<Open>(null);
  /** The area just saved: its page is shown once the whole list has been read again (names sort, so it may move). */
  const [focus, setFocus] = useState<{ id: number; after: number } | null>(null);
  const refetchAll = all.refetch;
  const reload = useCallback(() => {
    void refetch();
    void refetchAll();
  }, [refetch, refetchAll]);
  useAreaFeed(reload);

  const selected = filterValues.id === undefined ? ALL_AREAS : String(filterValues.id);
  // A picked area that has since been removed (here or elsewhere) falls back to all areas.
  const pickedGone = selected !== ALL_AREAS && !all.isPending && !areas.some((a) => String(a.id) === selected);
  useEffect(() => {
    if (pickedGone) setFilters({});
  }, [pickedGone, setFilters]);

  useEffect(() => {
    if (!focus || all.isFetching || all.dataUpdatedAt <= focus.after) return;
    const index = areas.findIndex((a) => a.id === focus.id);
    setFocus(null);
    if (index >= 0 && selected === ALL_AREAS) setPage(Math.floor(index / perPage) + 1);
  }, [focus, all.isFetching, all.dataUpdatedAt, areas, selected, perPage, setPage]);

  const onSaved = (area: Area) => {
    setOpen(null);
    if (selected !== ALL_AREAS && selected !== String(area.id)) setFilters({});
    setFocus({ id: area.id, after: all.dataUpdatedAt });
    reload();
  };
  const onDeleted = () => {
    setOpen(null);
    reload();
  };

  return (
    <>
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
            value={pickedGone ? ALL_AREAS : selected}
            onChange={(e) => setFilters(e.target.value === ALL_AREAS ? {} : { id: Number(e.target.value) })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value={ALL_AREAS}>All areas</MenuItem>
            {areas.map((a) => (
              <MenuItem key={a.id} value={String(a.id)}>
                {a.name} ({a.city.city_name})
              </MenuItem>
            ))}
          </TextField>
          <PerPageSelect choices={AREA_PER_PAGE_CHOICES} />
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ kind: 'add' })} sx={{ flexShrink: 0 }}>
          Add Area
        </Button>
      </Stack>

      <CardListState loadingLabel="Loading areas" failed="The areas could not be loaded" onRetry={reload} />
      {!all.isPending && !all.error && areas.length === 0 && (
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

      {open?.kind === 'add' && <AreaDialog onClose={() => setOpen(null)} onSaved={onSaved} />}
      {open?.kind === 'edit' && (
        <AreaDialog key={open.area.id} id={open.area.id} onClose={() => setOpen(null)} onSaved={onSaved} />
      )}
      {open?.kind === 'delete' && <DeleteAreaDialog area={open.area} onClose={() => setOpen(null)} onDeleted={onDeleted} />}
    </>
  );
}

/**
 * The Areas screen (spec 1, section 2), for administrators: the areas resource's list, paged by the server (one
 * area a page at first), each area a card with its restaurants; pick one area or all, add, edit and remove areas.
 */
export const AreaList = cardListScreen<Area>(SCREEN, { perPage: AREA_PER_PAGE_DEFAULT, visiblePages: AREA_VISIBLE_PAGES, counter: areaCounter }, AreasScreen);
