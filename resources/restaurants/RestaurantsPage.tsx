import { useEffect, useMemo, useState } from 'react';
import { ImportButton } from '../imports/ImportButton';
import { useNavigate } from 'react-router-dom';
import { Title, useGetList, useNotify } from 'react-admin';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  InputAdornment,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import AddBusinessOutlinedIcon from '@mui/icons-material/AddBusinessOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { RESTAURANT_STATUS } from '../../domain/statuses';
import { readMapCenter } from '../../domain/validation/option';
import { MAPS_KEY } from '../../providers/geocoding';
import { subscribeToFeed } from '../../providers/realtime';
import { RoleGate } from '../../src/components/RoleGate';
import { ListPaging, useListPaging } from '../../src/components/ListPaging';
import { rememberScheduleRestaurant } from '../../src/components/scheduleRestaurant';
import { createRestaurant, sendRestaurantCredentials, setRestaurantStatus } from './api';
import { RestaurantActionDialogs, type RestaurantDialogKind } from './RestaurantActionDialogs';
import { ADD_TITLE, RestaurantDialog } from './RestaurantDialog';
import { RestaurantTable, locationOf } from './RestaurantTable';
import {
  AREA_RESOURCE,
  RESTAURANT_CHANNEL,
  RESTAURANT_RESOURCE,
  RESTAURATEUR_RESOURCE,
  type AreaChoice,
  type RestaurantRecord,
  type Restaurateur,
} from './types';

// The API answers full lists (design section 4): ask the data provider for all of them.
const ALL = { page: 1, perPage: 0 };
const BY_NAME = { field: 'name', order: 'ASC' as const };
const ALL_AREAS = '';

type Open = { kind: 'add' } | { kind: RestaurantDialogKind; restaurant: RestaurantRecord } | null;

const errorText = (error: unknown, fallback: string) => (error as { message?: string })?.message || fallback;

/** The Restaurants screen, /restaurants: administrators only (others get RoleGate's message and no fetch). */
export function RestaurantsPage() {
  return (
    <>
      <Title title="Restaurants" />
      <RoleGate path="/restaurants">
        <RestaurantsScreen />
      </RoleGate>
    </>
  );
}

/**
 * Restaurants (spec 2, section 2): filters by area, status (active by default), restaurateur and name; the
 * table with its actions; pages of 10 to 1000 rows. The list is fetched per status and kept current by the
 * live feed (another administrator's change shows here too).
 */
function RestaurantsScreen() {
  const notify = useNotify();
  const navigate = useNavigate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [status, setStatus] = useState<number>(RESTAURANT_STATUS.active);
  const restaurants = useGetList<RestaurantRecord>(RESTAURANT_RESOURCE, { pagination: ALL, sort: BY_NAME, filter: { status } });
  const areas = useGetList<AreaChoice & { id: number }>(AREA_RESOURCE, { pagination: ALL, sort: BY_NAME });
  const accounts = useGetList<Restaurateur>(RESTAURATEUR_RESOURCE, { pagination: ALL, sort: { field: 'email', order: 'ASC' } });
  const options = useGetList<{ id: number; okey: string; ovalue: string }>('option', { pagination: ALL }, { enabled: !!MAPS_KEY });
  const mapCenter = readMapCenter(options.data?.find((o) => o.okey === 'map_center_default')?.ovalue);

  const [areaId, setAreaId] = useState(ALL_AREAS);
  const [owner, setOwner] = useState<Restaurateur | null>(null);
  const [name, setName] = useState('');
  const [open, setOpen] = useState<Open>(null);
  const { refetch } = restaurants;
  const refetchAccounts = accounts.refetch;

  useEffect(
    () =>
      subscribeToFeed(RESTAURANT_CHANNEL, () => {
        void refetch();
        void refetchAccounts();
      }),
    [refetch, refetchAccounts],
  );

  const filtered = useMemo(() => {
    const q = name.trim().toLowerCase();
    return (restaurants.data ?? []).filter(
      (r) =>
        (areaId === ALL_AREAS || String(r.area_id) === areaId) &&
        (!owner || r.restaurateur_id === owner.id) &&
        (!q || r.name.toLowerCase().includes(q) || locationOf(r).toLowerCase().includes(q)),
    );
  }, [restaurants.data, areaId, owner, name]);
  const { rows: pageRows, paging, toFirstPage } = useListPaging(filtered);
  const areaList = areas.data ?? [];
  const accountList = accounts.data ?? [];
  const close = () => setOpen(null);
  const reload = () => {
    void refetch();
    void refetchAccounts();
  };

  /** A failed save also shows its first message in the snackbar (spec 2, section 8); the dialog keeps the fields. */
  const failing = (error: unknown): never => {
    notify(errorText(error, 'Saving the restaurant failed'), { type: 'error' });
    throw error;
  };

  const onAdd = async (payload: Record<string, unknown>) => {
    const created = await createRestaurant(payload).catch(failing);
    close();
    reload();
    try {
      await sendRestaurantCredentials(created.restCredentials);
      notify(`Restaurant ${created.name} added. The login details were e-mailed to ${created.restCredentials.email}.`, { type: 'success' });
    } catch (error) {
      notify(`Restaurant ${created.name} added, but the e-mail was not sent: ${errorText(error, 'unknown error')}`, { type: 'error' });
    }
  };

  const toggleStatus = async (r: RestaurantRecord) => {
    const next = r.status === RESTAURANT_STATUS.active ? RESTAURANT_STATUS.inactive : RESTAURANT_STATUS.active;
    try {
      await setRestaurantStatus(r.id, next);
      notify(`${r.name} marked ${next === RESTAURANT_STATUS.active ? 'active' : 'inactive'}`, { type: 'success' });
      void refetch();
    } catch (error) {
      notify(errorText(error, 'The status could not be changed'), { type: 'error' });
    }
  };

  const actions = {
    onEdit: (restaurant: RestaurantRecord) => setOpen({ kind: 'edit', restaurant }),
    onToggleStatus: toggleStatus,
    onDelete: (restaurant: RestaurantRecord) => setOpen({ kind: 'delete', restaurant }),
    onSchedule: (restaurant: RestaurantRecord) => {
      rememberScheduleRestaurant(restaurant.id);
      navigate('/schedule');
    },
    onDrivers: (restaurant: RestaurantRecord) => setOpen({ kind: 'drivers', restaurant }),
  };

  const loading = restaurants.isPending || areas.isPending;
  return (
    <Box sx={{ maxWidth: 1200, width: '100%', mx: 'auto', py: { xs: 0, sm: 1 } }}>
      <Card>
        {loading && <LinearProgress aria-label="Loading restaurants" />}
        <CardContent>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1 }}>
            <Typography variant="h5" component="h1">
              Restaurants
            </Typography>
            <ImportButton kind="restaurant" />
            <Button variant="contained" startIcon={<AddBusinessOutlinedIcon />} onClick={() => setOpen({ kind: 'add' })} disabled={areas.isPending}>
              {phone ? 'Add' : ADD_TITLE}
            </Button>
          </Stack>
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              mb: 2,
              gridTemplateColumns: { xs: '1fr 1fr', md: '200px 170px minmax(220px, 1fr) minmax(200px, 1fr)' },
            }}
          >
            <TextField
              select
              size="small"
              label="Area"
              value={areaId}
              onChange={(e) => {
                setAreaId(e.target.value);
                toFirstPage();
              }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value={ALL_AREAS}>All areas</MenuItem>
              {areaList.map((a) => (
                <MenuItem key={a.id} value={String(a.id)}>
                  {a.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Status"
              value={status}
              onChange={(e) => {
                setStatus(Number(e.target.value));
                toFirstPage();
              }}
            >
              <MenuItem value={RESTAURANT_STATUS.active}>Only active</MenuItem>
              <MenuItem value={RESTAURANT_STATUS.inactive}>Only inactive</MenuItem>
            </TextField>
            <Autocomplete
              size="small"
              options={accountList}
              value={owner}
              onChange={(_, next) => {
                setOwner(next);
                toFirstPage();
              }}
              getOptionLabel={(a) => a.email}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
              renderInput={(params) => <TextField {...params} label="Restaurateur e-mail" />}
            />
            <TextField
              size="small"
              placeholder="Search by name"
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                toFirstPage();
              }}
              sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
              slotProps={{
                htmlInput: { 'aria-label': 'Restaurant name' },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
          </Box>
          {restaurants.error ? (
            <Alert severity="error">{errorText(restaurants.error, 'The restaurants could not be loaded')}</Alert>
          ) : (
            !restaurants.isPending && (
              <>
                <RestaurantTable rows={pageRows} phone={phone} actions={actions} />
                {filtered.length > 0 && (
                  <ListPaging label="Restaurants pages" phone={phone} {...paging} />
                )}
              </>
            )
          )}
        </CardContent>
      </Card>

      {open?.kind === 'add' && (
        <RestaurantDialog areas={areaList} accounts={accountList} mapCenter={mapCenter} onSubmit={onAdd} onClose={close} />
      )}
      {open && open.kind !== 'add' && (
        <RestaurantActionDialogs
          kind={open.kind}
          restaurantId={open.restaurant.id}
          restaurant={open.restaurant}
          areas={areaList}
          accounts={accountList}
          mapCenter={mapCenter}
          onClose={close}
          onDone={reload}
        />
      )}
    </Box>
  );
}
