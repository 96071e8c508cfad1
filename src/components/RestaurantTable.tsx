import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';

type Located = { address?: string | null; postcode?: string | null };

/** A restaurant's address and postcode as one line, blank parts left out (empty when it has neither). */
export const restaurantAddress = (r: Located) => [r.address, r.postcode].filter((p) => typeof p === 'string' && p.trim()).join(', ');

/**
 * A short table of restaurants (an area's, a restaurant account's own): name, address and a right-hand column of
 * actions. The caller draws the name and the actions of each row.
 */
export function RestaurantTable<R extends Located & { id: number }>({
  label,
  nameHeader,
  actionsHeader,
  restaurants,
  name,
  actions,
}: {
  /** The table's accessible name. */
  label: string;
  nameHeader: string;
  actionsHeader: string;
  restaurants: readonly R[];
  name: (restaurant: R) => ReactNode;
  actions: (restaurant: R) => ReactNode;
}) {
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>{nameHeader}</TableCell>
          <TableCell>Address</TableCell>
          <TableCell align="right">{actionsHeader}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {restaurants.map((r) => (
          <TableRow key={r.id} hover>
            <TableCell sx={{ fontWeight: 500 }}>{name(r)}</TableCell>
            <TableCell>{restaurantAddress(r) || '—'}</TableCell>
            <TableCell align="right" sx={{ width: '1%', whiteSpace: 'nowrap' }}>
              {actions(r)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
