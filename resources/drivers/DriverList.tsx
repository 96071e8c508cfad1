import { useState } from 'react';
import { SearchInput } from 'react-admin';
import { Button, Menu, MenuItem, Tooltip } from '@mui/material';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { DRIVER_FILTER_CHOICES } from '../../domain/driverFilters';
import type { AreaName } from '../../domain/validation/area';
import { DRIVER_MSG } from '../../domain/validation/driver';
import { FilterSelect } from '../../src/components/FilterSelect';
import { areaFilter, FirstPageList, type FirstPageScreen } from '../FirstPageList';
import { gatedScreen } from '../../src/components/ListScreen';
import { ImportButton } from '../imports/ImportButton';
import { DriverListContent, type OpenDriverDialog } from './DriverListContent';
import { useAreaNames } from '../areas/useAreas';
import { DRIVER_FIRST_PAGE } from '../listDefaults';
import { DRIVERS, type DriverRecord } from './types';

// Active drivers by name (spec 2, section 4) at first.
const SCREEN: FirstPageScreen = { title: 'Drivers', path: '/drivers', maxWidth: 1280, resource: DRIVERS, firstPage: DRIVER_FIRST_PAGE };

/** The filters of spec 2, section 2: area, status code and name or e-mail, each sent to the server. */
const driverFilters = (areas: AreaName[]) => [
  areaFilter(areas),
  <FilterSelect key="status" source="status" label="Status" alwaysOn choices={DRIVER_FILTER_CHOICES.map((c) => ({ value: c.code, label: c.label }))} />,
  <SearchInput key="q" source="q" placeholder="Search name or e-mail" alwaysOn slotProps={{ htmlInput: { 'aria-label': 'Search drivers' } }} />,
];


/**
 * Drivers (spec 2, section 2): the Add Driver menu, then the list paged, sorted and filtered by the server, with
 * its row actions and dialogs. /drivers/{id} comes here with the driver to open (DriverLink).
 */
function DriversScreen() {
  const areas = useAreaNames();
  const areaList = areas.data ?? [];
  const [open, setOpen] = useState<OpenDriverDialog>(null);
  // Counts the imports: each one turns the list to the imported drivers (see DriverListContent).
  const [imports, setImports] = useState(0);
  const addMenu = (
    <>
      <ImportButton kind="driver" onImported={() => setImports((n) => n + 1)} />
      <AddDriverMenu disabled={areas.isPending} noAreas={!areas.isPending && areaList.length === 0} onPick={(kind) => setOpen({ kind })} />
    </>
  );
  return (
    <FirstPageList<DriverRecord> screen={SCREEN} actions={addMenu} filters={driverFilters(areaList)}>
      <DriverListContent areas={areaList} open={open} setOpen={setOpen} imports={imports} />
    </FirstPageList>
  );
}

function AddDriverMenu({ disabled, noAreas, onPick }: { disabled: boolean; noAreas: boolean; onPick: (kind: 'add' | 'halfBoard') => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (kind: 'add' | 'halfBoard') => () => {
    setAnchor(null);
    onPick(kind);
  };
  return (
    <>
      <Tooltip title={noAreas ? DRIVER_MSG.addAreaFirst : ''}>
        <span>
          <Button
            variant="contained"
            startIcon={<PersonAddAlt1OutlinedIcon />}
            endIcon={<ArrowDropDownIcon />}
            disabled={noAreas || disabled}
            onClick={(e) => setAnchor(e.currentTarget)}
            aria-haspopup="menu"
          >
            Add Driver
          </Button>
        </span>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={pick('add')}>Full driver</MenuItem>
        <MenuItem onClick={pick('halfBoard')}>Half-board driver</MenuItem>
      </Menu>
    </>
  );
}

/** The Drivers screen, /drivers: administrators only (others get RoleGate's message and no fetch). */
export const DriverList = gatedScreen(SCREEN, DriversScreen);
