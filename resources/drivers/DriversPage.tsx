import { useEffect, useMemo, useRef, useState } from 'react';
import { ImportButton } from '../imports/ImportButton';
import { useNavigate, useParams } from 'react-router-dom';
import { Title, useGetList, useNotify } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  InputAdornment,
  LinearProgress,
  Menu,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import SearchIcon from '@mui/icons-material/Search';
import { DRIVER_FILTER, DRIVER_FILTER_CHOICES, type DriverFilterCode } from '../../domain/driverFilters';
import { DRIVER_PROGRESSING, DRIVER_STATUS } from '../../domain/statuses';
import { DRIVER_MSG } from '../../domain/validation/driver';
import { RoleGate } from '../../src/components/RoleGate';
import { ListPaging, useListPaging } from '../../src/components/ListPaging';
import { createDriver, saveWorkingTimes, setDriverProgressing, setDriverStatus, updateDriver } from './api';
import { DriverDialog } from './DriverDialog';
import { DriverTable, type Sort, type SortField } from './DriverTable';
import { HalfBoardDialog } from './HalfBoardDialog';
import { UnavailabilityDialog } from './UnavailabilityDialog';
import { useDrivers } from './useDrivers';
import { AREA_RESOURCE, type AreaWithRestaurants, type DriverRecord } from './types';

const ALL = { page: 1, perPage: 0 };
const ALL_AREAS = '';
/** The list opens on active drivers (spec 2, section 4: lists are fetched by status, default 10). */
export const DEFAULT_DRIVER_FILTER = DRIVER_FILTER.active;

type Open =
  | { kind: 'add' }
  | { kind: 'halfBoard' }
  | { kind: 'view' | 'edit' | 'unavailability'; driver: DriverRecord }
  | null;

const errorText = (error: unknown, fallback: string) => (error as { message?: string })?.message || fallback;

/** The Drivers screen, /drivers and /drivers/{id}: administrators only (others get RoleGate's message and no fetch). */
export function DriversPage() {
  return (
    <>
      <Title title="Drivers" />
      <RoleGate path="/drivers">
        <DriversScreen />
      </RoleGate>
    </>
  );
}

/**
 * Drivers (spec 2, section 2): the Add Driver menu, filters (area, status code, name or e-mail), the table sorted by
 * name or area, pages of 10 to 1000 rows, and the row actions. /drivers/{id} narrows the list to that driver's
 * e-mail, opens their edit dialog and puts /drivers back in the address bar.
 */
function DriversScreen() {
  const notify = useNotify();
  const navigate = useNavigate();
  const { id: routeId } = useParams();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  // A driver named in the address may be of any status: look among all of them.
  const [filter, setFilter] = useState<DriverFilterCode>(routeId ? DRIVER_FILTER.all : DEFAULT_DRIVER_FILTER);
  const { drivers, isPending, error, apply } = useDrivers(filter);
  const areas = useGetList<AreaWithRestaurants>(AREA_RESOURCE, { pagination: ALL, sort: { field: 'name', order: 'ASC' } });
  const [areaId, setAreaId] = useState(ALL_AREAS);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>({ field: 'name', order: 'asc' });
  const [open, setOpen] = useState<Open>(null);
  const [addMenu, setAddMenu] = useState<HTMLElement | null>(null);
  const handledRoute = useRef<string | null>(null);

  const areaList = useMemo(() => areas.data ?? [], [areas.data]);
  const areaName = useMemo(() => new Map(areaList.map((a) => [a.id, a.name])), [areaList]);
  const areaNames = (d: DriverRecord) => d.area_ids.map((a) => areaName.get(a.area_id) ?? `Area ${a.area_id}`).join(', ');
  const noAreas = !areas.isPending && areaList.length === 0;

  // /drivers/{id} (or /drivers/{first_name}): narrow, open, then put /drivers back (spec 2, section 2).
  useEffect(() => {
    if (!routeId || handledRoute.current === routeId || isPending) return;
    handledRoute.current = routeId;
    if (/^\d+$/.test(routeId)) {
      const driver = drivers.find((d) => d.id === Number(routeId));
      if (driver) {
        setSearch(driver.email);
        setOpen({ kind: 'edit', driver });
      } else notify(DRIVER_MSG.notFound, { type: 'error' });
    } else setSearch(decodeURIComponent(routeId));
    navigate('/drivers', { replace: true });
  }, [routeId, isPending, drivers, navigate, notify]);

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    const list = drivers.filter(
      (d) =>
        (areaId === ALL_AREAS || d.area_ids.some((a) => String(a.area_id) === areaId)) &&
        (!q || d.full_name.toLowerCase().includes(q) || d.email.includes(q)),
    );
    const key = (d: DriverRecord) => (sort.field === 'name' ? d.full_name : areaNames(d) || '\uffff').toLowerCase();
    const direction = sort.order === 'asc' ? 1 : -1;
    return list.sort((a, b) => direction * key(a).localeCompare(key(b), 'en-GB') || a.id - b.id);
    // areaNames reads areaName, which is a dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [drivers, areaId, search, sort, areaName]);
  const { rows: pageRows, paging, toFirstPage } = useListPaging(rows);
  const close = () => setOpen(null);

  const saved = (driver: DriverRecord, message: string) => {
    apply([driver]);
    notify(message, { type: 'success' });
  };
  const failing = (error: unknown): never => {
    notify(errorText(error, 'Saving the driver failed'), { type: 'error' });
    throw error;
  };

  const onSort = (field: SortField) =>
    setSort((s) => (s.field === field ? { field, order: s.order === 'asc' ? 'desc' : 'asc' } : { field, order: 'asc' }));

  const actions = {
    onView: (driver: DriverRecord) => setOpen({ kind: 'view', driver }),
    onEdit: (driver: DriverRecord) => setOpen({ kind: 'edit', driver }),
    onUnavailability: (driver: DriverRecord) => setOpen({ kind: 'unavailability', driver }),
    onToggleStatus: async (d: DriverRecord) => {
      const next = d.status === DRIVER_STATUS.active ? DRIVER_STATUS.inactive : DRIVER_STATUS.active;
      try {
        saved(await setDriverStatus(d.id, next), `${d.full_name || d.email} marked ${next === DRIVER_STATUS.active ? 'active' : 'inactive'}`);
      } catch (e) {
        notify(errorText(e, 'The status could not be changed'), { type: 'error' });
      }
    },
    onToggleProgressing: async (d: DriverRecord) => {
      const next = d.not_progressing === DRIVER_PROGRESSING.notProgressing ? DRIVER_PROGRESSING.progressing : DRIVER_PROGRESSING.notProgressing;
      try {
        saved(await setDriverProgressing(d.id, next), `${d.full_name || d.email} marked ${next === DRIVER_PROGRESSING.progressing ? 'progressing' : 'not progressing'}`);
      } catch (e) {
        notify(errorText(e, 'The driver could not be changed'), { type: 'error' });
      }
    },
  };

  return (
    <Box sx={{ maxWidth: 1280, width: '100%', mx: 'auto', py: { xs: 0, sm: 1 } }}>
      <Card>
        {(isPending || areas.isPending) && <LinearProgress aria-label="Loading drivers" />}
        <CardContent>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1 }}>
            <Typography variant="h5" component="h1">
              Drivers
            </Typography>
            <ImportButton kind="driver" />
            <Tooltip title={noAreas ? DRIVER_MSG.addAreaFirst : ''}>
              <span>
                <Button
                  variant="contained"
                  startIcon={<PersonAddAlt1OutlinedIcon />}
                  endIcon={<ArrowDropDownIcon />}
                  disabled={noAreas || areas.isPending}
                  onClick={(e) => setAddMenu(e.currentTarget)}
                  aria-haspopup="menu"
                >
                  Add Driver
                </Button>
              </span>
            </Tooltip>
            <Menu anchorEl={addMenu} open={!!addMenu} onClose={() => setAddMenu(null)}>
              <MenuItem
                onClick={() => {
                  setAddMenu(null);
                  setOpen({ kind: 'add' });
                }}
              >
                Full driver
              </MenuItem>
              <MenuItem
                onClick={() => {
                  setAddMenu(null);
                  setOpen({ kind: 'halfBoard' });
                }}
              >
                Half-board driver
              </MenuItem>
            </Menu>
          </Stack>
          <Box sx={{ display: 'grid', gap: 1.5, mb: 2, gridTemplateColumns: { xs: '1fr 1fr', md: '220px 200px minmax(240px, 1fr)' } }}>
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
              value={filter}
              onChange={(e) => {
                setFilter(Number(e.target.value) as DriverFilterCode);
                toFirstPage();
              }}
            >
              {DRIVER_FILTER_CHOICES.map((c) => (
                <MenuItem key={c.code} value={c.code}>
                  {c.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              placeholder="Search name or e-mail"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                toFirstPage();
              }}
              sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
              slotProps={{
                htmlInput: { 'aria-label': 'Search drivers' },
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
          {error ? (
            <Alert severity="error">{errorText(error, 'The drivers could not be loaded')}</Alert>
          ) : (
            !isPending && (
              <>
                <DriverTable rows={pageRows} areaNames={areaNames} sort={sort} onSort={onSort} phone={phone} actions={actions} />
                {rows.length > 0 && (
                  <ListPaging label="Drivers pages" phone={phone} {...paging} />
                )}
              </>
            )
          )}
        </CardContent>
      </Card>

      {open?.kind === 'add' && (
        <DriverDialog
          mode="add"
          areas={areaList}
          onClose={close}
          onSubmit={async (body) => {
            const driver = await createDriver(body).catch(failing);
            close();
            saved(driver, `Driver ${driver.full_name} registered`);
          }}
        />
      )}
      {open?.kind === 'halfBoard' && (
        <HalfBoardDialog
          onClose={close}
          onSubmit={async (body) => {
            const driver = await createDriver(body).catch(failing);
            close();
            saved(driver, `Driver ${driver.full_name} registered`);
          }}
        />
      )}
      {(open?.kind === 'edit' || open?.kind === 'view') && (
        <DriverDialog
          key={`${open.kind}-${open.driver.id}`}
          mode={open.kind}
          driver={open.driver}
          areas={areaList}
          onClose={close}
          onSubmit={async (body) => {
            const driver = await updateDriver(open.driver.id, body).catch(failing);
            close();
            saved(driver, 'Driver updated');
          }}
        />
      )}
      {open?.kind === 'unavailability' && (
        <UnavailabilityDialog
          driver={open.driver}
          onClose={close}
          onSubmit={async (weekly, overrides) => {
            const driver = await saveWorkingTimes(open.driver.id, weekly, overrides).catch(failing);
            close();
            saved(driver, "Driver's unavailability saved");
          }}
        />
      )}
    </Box>
  );
}
