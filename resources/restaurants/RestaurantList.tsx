import { useState } from 'react';
import { AutocompleteInput, ReferenceInput, SearchInput } from 'react-admin';
import { Button, useMediaQuery, type Theme } from '@mui/material';
import AddBusinessOutlinedIcon from '@mui/icons-material/AddBusinessOutlined';
import { RESTAURANT_STATUS } from '../../domain/statuses';
import { useAreaNames } from '../areas/useAreas';
import { RESTAURANT_FIRST_PAGE } from '../listDefaults';
import { FilterSelect } from '../../src/components/FilterSelect';
import { useApplyFilterNow } from '../../src/components/useApplyFilterNow';
import { gatedScreen } from '../../src/components/ListScreen';
import { areaFilter, FirstPageList, type FirstPageScreen } from '../FirstPageList';
import { ImportButton } from '../imports/ImportButton';
import { ADD_TITLE } from './RestaurantDialog';
import { RestaurantListContent, type OpenRestaurantDialog } from './RestaurantListContent';
import { RESTAURANTS, RESTAURATEUR_RESOURCE, type AreaChoice, type RestaurantRecord } from './types';

// Active restaurants by name at first.
const SCREEN: FirstPageScreen = { title: 'Restaurants', path: '/restaurants', maxWidth: 1200, resource: RESTAURANTS, firstPage: RESTAURANT_FIRST_PAGE };

/**
 * The filters of spec 2, section 2, each sent to the server: area, status (only active or only inactive), the
 * restaurant account (searched by e-mail on the server) and the name or location text.
 */
const restaurantFilters = (areas: AreaChoice[]) => [
  areaFilter(areas),
  <FilterSelect
    key="status"
    source="status"
    label="Status"
    alwaysOn
    choices={[
      { value: RESTAURANT_STATUS.active, label: 'Only active' },
      { value: RESTAURANT_STATUS.inactive, label: 'Only inactive' },
    ]}
  />,
  <RestaurateurFilter key="restaurateur_id" source="restaurateur_id" alwaysOn />,
  <SearchInput key="q" source="q" placeholder="Search by name" alwaysOn slotProps={{ htmlInput: { 'aria-label': 'Restaurant name' } }} />,
];

/**
 * The restaurant account, searched by e-mail on the server; a pick applies at once (useApplyFilterNow). `alwaysOn`
 * is read by react-admin's filter form.
 */
function RestaurateurFilter({ source }: { source: string; alwaysOn?: boolean }) {
  const applyNow = useApplyFilterNow();
  return (
    <ReferenceInput source={source} reference={RESTAURATEUR_RESOURCE} sort={{ field: 'email', order: 'ASC' }}>
      <AutocompleteInput
        label="Restaurateur e-mail"
        optionText="email"
        filterToQuery={(q) => ({ q })}
        onChange={(value) => applyNow(source, value)}
        helperText={false}
        sx={{ minWidth: 240 }}
      />
    </ReferenceInput>
  );
}


/**
 * Restaurants (spec 2, section 2): Add Restaurant, then the list paged, sorted and filtered by the server (active
 * ones by name at first), with its row actions and dialogs.
 */
function RestaurantsScreen() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const areas = useAreaNames();
  const [open, setOpen] = useState<OpenRestaurantDialog>(null);
  const add = (
    <>
      <ImportButton kind="restaurant" />
      <Button variant="contained" startIcon={<AddBusinessOutlinedIcon />} onClick={() => setOpen({ kind: 'add' })} disabled={areas.isPending}>
        {phone ? 'Add' : ADD_TITLE}
      </Button>
    </>
  );
  return (
    <FirstPageList<RestaurantRecord> screen={SCREEN} actions={add} filters={restaurantFilters(areas.data ?? [])}>
      <RestaurantListContent open={open} setOpen={setOpen} />
    </FirstPageList>
  );
}

/** The Restaurants screen, /restaurants: administrators only (others get RoleGate's message and no fetch). */
export const RestaurantList = gatedScreen(SCREEN, RestaurantsScreen);
