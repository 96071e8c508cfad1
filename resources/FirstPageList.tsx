import type { ReactElement, ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import { Stack } from '@mui/material';
import { FilterSelect } from '../src/components/FilterSelect';
import { ListScreenFrame, SpecList } from '../src/components/ListScreen';
import type { FirstPage } from './listDefaults';

/** What names a screen of a first-page list: its title and path (its gate), width, resource and first page. */
export interface FirstPageScreen {
  title: string;
  path: string;
  maxWidth: number;
  resource: string;
  firstPage: FirstPage;
}

/**
 * The Drivers and Restaurants screens: the heading with its actions (import, add) at the right, then the list paged,
 * sorted and filtered by the server, opening on the first page the boot already asked for (src/firstCalls.ts).
 */
export function FirstPageList<T extends RaRecord>({ screen, actions, filters, children }: { screen: FirstPageScreen; actions: ReactNode; filters: ReactElement[]; children: ReactNode }) {
  const action = <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>{actions}</Stack>;
  return (
    <ListScreenFrame title={screen.title} action={action} maxWidth={screen.maxWidth}>
      <SpecList<T> resource={screen.resource} pagesLabel={`${screen.title} pages`} filters={filters} filterDefaultValues={screen.firstPage.filter} sort={screen.firstPage.sort}>
        {children}
      </SpecList>
    </ListScreenFrame>
  );
}

/** The area filter of both lists (spec 2, section 2): 'All areas' first, then each area by name. */
export const areaFilter = (areas: { id: number; name: string }[]) => (
  <FilterSelect key="area_id" source="area_id" label="Area" alwaysOn choices={[{ value: '', label: 'All areas' }, ...areas.map((a) => ({ value: a.id, label: a.name }))]} />
);
