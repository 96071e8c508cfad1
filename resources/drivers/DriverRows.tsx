import { DataTable, useListContext } from 'react-admin';
import { Card, CardContent, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { formatDate } from '../../src/components/format';
import { DataFullBadge } from './DataFullBadge';
import { NO_DRIVERS, NameCell, RowMenu, StatusDot, activityOf, type DriverActions } from './DriverCells';
import type { DriverRecord } from './types';

interface Props {
  areaNames: (d: DriverRecord) => string;
  actions: DriverActions;
}

/** The table's columns, typed with the driver record. */
const Col = DataTable.Col<DriverRecord>;

const empty = (
  <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
    {NO_DRIVERS}
  </Typography>
);

/**
 * The page of drivers the list holds (spec 2, section 2): a table sorted on the server by name or area (its column
 * headers), with name, areas, Data Full, status dot, activation date, activity and the row menu; cards on a phone.
 */
export function DriverRows({ areaNames, actions }: Props) {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  if (phone) return <DriverCards areaNames={areaNames} actions={actions} />;
  return (
    <DataTable<DriverRecord> aria-label="Drivers" bulkActionButtons={false} rowClick={false} empty={empty} hover>
      <Col source="full_name" label="Name" render={(d) => <NameCell driver={d} />} />
      <Col source="area" label="Areas" render={(d) => areaNames(d) || '—'} />
      <Col label="Data Full" disableSort render={(d) => <DataFullBadge percent={d.data_full} />} />
      <Col label="Status" disableSort render={(d) => <StatusDot status={d.status} />} />
      <Col label="Activated" disableSort sx={{ whiteSpace: 'nowrap' }} render={(d) => formatDate(d.activated_at) || '—'} />
      <Col label="Activity" disableSort sx={{ whiteSpace: 'nowrap' }} render={activityOf} />
      <Col label="Actions" align="right" disableSort sx={{ width: '1%' }} render={(d) => <RowMenu driver={d} actions={actions} />} />
    </DataTable>
  );
}

function DriverCards({ areaNames, actions }: Props) {
  const { data, isPending } = useListContext<DriverRecord>();
  if (isPending) return null;
  if (!data?.length) return empty;
  return (
    <Stack spacing={1} role="list" aria-label="Drivers" sx={{ p: 1 }}>
      {data.map((d) => (
        <Card key={d.id} variant="outlined" role="listitem">
          <CardContent sx={{ py: 1.25, '&:last-child': { pb: 1.25 } }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
              <NameCell driver={d} />
              <RowMenu driver={d} actions={actions} />
            </Stack>
            <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <StatusDot status={d.status} />
              <DataFullBadge percent={d.data_full} />
              <Typography variant="caption" color="text.secondary">
                {areaNames(d) || 'No areas'} · {activityOf(d)}
              </Typography>
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
