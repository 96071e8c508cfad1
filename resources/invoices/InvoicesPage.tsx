import { useMemo, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { Alert, Box, Button, LinearProgress, Stack, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { INTERVAL } from '../../domain/ranges';
import { ROLE } from '../../domain/roles';
import { openPendingTab, saveFile } from '../../providers/files';
import { RoleGate } from '../../src/components/RoleGate';
import { useStoredUser } from '../../src/components/useStoredUser';
import { IntervalSelect, RangeNavigator, useDateRange } from '../../src/components/range';
import { LocationPicker, restaurantIdsOf, useLocations, type LocationSelection } from '../../src/components/LocationPicker';
import { downloadInvoice } from './api';
import { InvoiceList } from './InvoiceList';
import { RemoveInvoiceDialog } from './RemoveInvoiceDialog';
import { RequestInvoiceDialog } from './RequestInvoiceDialog';
import { useInvoiceList } from './useInvoiceList';
import type { Invoice } from './types';

/** Day is shown but disabled; Week is the default (spec 2, section 2 'Invoices'). */
const DISABLED_INTERVALS = [INTERVAL.day] as const;
export const NO_INVOICES = 'No invoices in this period';
export const PICK_RESTAURANT = 'Choose a restaurant in the location picker to request its invoice';

/** /invoices: administrators and managers. */
export function InvoicesPage() {
  return (
    <>
      <Title title="Invoices" />
      <RoleGate path="/invoices">
        <InvoicesScreen variant="staff" />
      </RoleGate>
    </>
  );
}

/** /invoicesrestaurant: a restaurant account's own invoices, View and Download only (phone: Download only). */
export function RestaurantInvoicesPage() {
  return (
    <>
      <Title title="Invoices" />
      <RoleGate path="/invoicesrestaurant">
        <InvoicesScreen variant="restaurant" />
      </RoleGate>
    </>
  );
}

type Open = { kind: 'request'; restaurantId: number; restaurantName: string } | { kind: 'remove'; invoice: Invoice } | null;

function InvoicesScreen({ variant }: { variant: 'staff' | 'restaurant' }) {
  const user = useStoredUser();
  const notify = useNotify();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const dates = useDateRange({ defaultInterval: INTERVAL.week });
  const { areas } = useLocations();
  const [location, setLocation] = useState<LocationSelection | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const list = useInvoiceList(dates.range);

  const staff = variant === 'staff';
  const canRemove = staff && user?.role === ROLE.administrator;
  const shownIds = useMemo(() => restaurantIdsOf(location, areas), [location, areas]);
  const shown = shownIds === null ? list.invoices : list.invoices.filter((i) => shownIds.includes(i.restaurant_id));
  const picked = location?.type === 'restaurant' ? areas.flatMap((a) => a.restaurants).find((r) => r.id === location.id) : undefined;

  const fetchDocument = async (invoice: Invoice, show: (blob: Blob, name: string) => void, fail?: () => void) => {
    setBusyId(invoice.id);
    try {
      const file = await downloadInvoice(invoice);
      show(file.blob, file.fileName);
    } catch (error) {
      fail?.();
      notify((error as Error).message || 'The invoice could not be downloaded', { type: 'error' });
    } finally {
      setBusyId(null);
    }
  };
  const onView = (invoice: Invoice) => {
    const tab = openPendingTab();
    void fetchDocument(invoice, (blob) => tab.show(blob), () => tab.close());
  };
  const onDownload = (invoice: Invoice) => void fetchDocument(invoice, (blob, name) => saveFile(blob, name));

  return (
    <Box sx={{ maxWidth: 1200, width: '100%', mx: 'auto', pb: 3 }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={{ xs: 1.5, md: 2 }}
        sx={{ alignItems: { xs: 'stretch', md: 'center' }, mb: 2, flexWrap: 'wrap', rowGap: 1.5 }}
      >
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Invoices
        </Typography>
        <LocationPicker areas={areas} value={location} onChange={setLocation} withAreas={staff} width={phone ? '100%' : 260} />
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: { xs: 'wrap', md: 'nowrap' } }}>
          <IntervalSelect value={dates.interval} onChange={dates.setInterval} disabled={DISABLED_INTERVALS} />
          <RangeNavigator state={dates} />
        </Stack>
        {staff && (
          <Tooltip title={picked ? '' : PICK_RESTAURANT}>
            <span>
              <Button
                variant="contained"
                startIcon={<ReceiptLongOutlinedIcon />}
                disabled={!picked}
                fullWidth={phone}
                onClick={() => picked && setOpen({ kind: 'request', restaurantId: picked.id, restaurantName: picked.name })}
              >
                Request Invoice
              </Button>
            </span>
          </Tooltip>
        )}
      </Stack>

      {list.isPending && <LinearProgress aria-label="Loading invoices" />}
      {list.error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={list.reload}>
              Retry
            </Button>
          }
        >
          {list.error}
        </Alert>
      )}
      {!list.isPending && !list.error && shown.length === 0 && <Alert severity="info">{NO_INVOICES}</Alert>}
      {shown.length > 0 && (
        <InvoiceList
          invoices={shown}
          phone={phone}
          busyId={busyId}
          // The restaurant variant on a phone: Download only (spec 2, section 2).
          onView={staff || !phone ? onView : undefined}
          onDownload={onDownload}
          onRemove={canRemove ? (invoice) => setOpen({ kind: 'remove', invoice }) : undefined}
        />
      )}

      {open?.kind === 'request' && (
        <RequestInvoiceDialog
          restaurantId={open.restaurantId}
          restaurantName={open.restaurantName}
          range={dates.range}
          onClose={() => setOpen(null)}
          onDone={list.reload}
        />
      )}
      {open?.kind === 'remove' && (
        <RemoveInvoiceDialog
          invoice={open.invoice}
          onClose={() => setOpen(null)}
          onRemoved={(invoice) => {
            setOpen(null);
            notify(`Invoice ${invoice.invoice_number} removed`, { type: 'info' });
            list.reload();
          }}
        />
      )}
    </Box>
  );
}
