import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { WORKING_HERE_DAYS_AHEAD, WORKING_HERE_DAYS_BACK } from '../../domain/validation/restaurant';
import { useDataProviderRef } from '../../providers/dataProvider';
import type { RestaurantRecord, WorkingHereDriver } from './types';

const workingHereTitle = (r: { name: string }) => `Drivers Working Here: ${r.name}`;

/**
 * Drivers Working Here (spec 2, section 2): name, e-mail, telephone and address of the drivers with shifts at the
 * restaurant lately or soon, or who chose it. A name opens that driver's edit dialog (/drivers/{id}).
 */
export function DriversWorkingHereDialog({ restaurant, onClose }: { restaurant: RestaurantRecord; onClose: () => void }) {
  const [drivers, setDrivers] = useState<WorkingHereDriver[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const provider = useDataProviderRef();
  useEffect(() => {
    let live = true;
    provider.current.driversWorkingAt(restaurant.id).then(
      (list) => live && setDrivers(list),
      (e: Error) => live && setError(e.message || 'The drivers could not be loaded'),
    );
    return () => {
      live = false;
    };
  }, [provider, restaurant.id]);

  return (
    <Dialog open onClose={onClose} maxWidth={false} aria-labelledby="working-here-title" slotProps={{ paper: { sx: { width: 700, maxWidth: 'calc(100% - 32px)', m: 2 } } }}>
      <DialogTitle id="working-here-title">{workingHereTitle(restaurant)}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Drivers with shifts here from {WORKING_HERE_DAYS_BACK / 7} weeks ago to {WORKING_HERE_DAYS_AHEAD / 7} weeks ahead, and those who chose this restaurant.
        </Typography>
        {!drivers && !error && <LinearProgress aria-label="Loading drivers" />}
        {error && <Alert severity="error">{error}</Alert>}
        {drivers && drivers.length === 0 && <Typography sx={{ py: 2 }}>No drivers found</Typography>}
        {drivers && drivers.length > 0 && (
          <TableContainer>
            <Table size="small" aria-label="Drivers working here">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>E-mail</TableCell>
                  <TableCell>Telephone</TableCell>
                  <TableCell>Address</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {drivers.map((d) => (
                  <TableRow key={d.id} hover>
                    <TableCell>
                      <Link component={RouterLink} to={`/drivers/${d.id}`} onClick={onClose}>
                        {d.full_name || d.email}
                      </Link>
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{d.email}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{d.phone ?? '—'}</TableCell>
                    <TableCell>{d.address || '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
