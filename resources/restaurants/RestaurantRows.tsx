import { DataTable, useListContext } from 'react-admin';
import { Box, Card, CardContent, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { restaurantAddress } from '../../src/components/RestaurantTable';
import { Actions, NO_RESTAURANTS, Name, NameAndAddress, type RestaurantActions } from './RestaurantCells';
import type { RestaurantRecord } from './types';

/** The table's columns, typed with the restaurant record. */
const Col = DataTable.Col<RestaurantRecord>;

const empty = (
  <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
    {NO_RESTAURANTS}
  </Typography>
);

/**
 * The page of restaurants the list holds (spec 2, section 2): name, location, restaurateur e-mail, area and the
 * row actions; name, e-mail and area sort on the server; cards on a phone.
 */
export function RestaurantRows({ actions }: { actions: RestaurantActions }) {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  if (phone) return <RestaurantCards actions={actions} />;
  return (
    <DataTable<RestaurantRecord> aria-label="Restaurants" bulkActionButtons={false} rowClick={false} empty={empty} hover>
      <Col source="name" label="Name" sx={{ fontWeight: 500 }} render={(r) => <Name restaurant={r} />} />
      <Col label="Location" disableSort render={(r) => restaurantAddress(r) || '—'} />
      <Col source="email" label="Restaurateur e-mail" sx={{ overflowWrap: 'anywhere' }} render={(r) => r.email ?? '—'} />
      <Col source="area" label="Area" render={(r) => r.area.name} />
      <Col label="Actions" align="right" disableSort sx={{ width: '1%', whiteSpace: 'nowrap' }} render={(r) => <Actions restaurant={r} actions={actions} />} />
    </DataTable>
  );
}

function RestaurantCards({ actions }: { actions: RestaurantActions }) {
  const { data, isPending } = useListContext<RestaurantRecord>();
  if (isPending) return null;
  if (!data?.length) return empty;
  return (
    <Stack spacing={1} aria-label="Restaurants" role="list" sx={{ p: 1 }}>
      {data.map((r) => (
        <Card key={r.id} variant="outlined" role="listitem">
          <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1 } }}>
            <NameAndAddress restaurant={r} nameWeight={600} />
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {r.area.name} · {r.email ?? 'no login'}
            </Typography>
            <Box sx={{ mt: 0.5, overflowX: 'auto' }}>
              <Actions restaurant={r} actions={actions} />
            </Box>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
