import { useEffect, useMemo, useState } from 'react';
import { List, useCanAccess, useListContext, useNotify } from 'react-admin';
import { Box, Button, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { INTERVAL, type DateRange } from '../../domain/ranges';
import { LIST_PER_PAGE_DEFAULT } from '../../domain/validation/listQuery';
import { openPendingTab, saveFile } from '../../providers/files';
import { subscribeToFeed } from '../../providers/realtime';
import { ListPagination } from '../../src/components/ListPagination';
import { RoleGate } from '../../src/components/RoleGate';
import { IntervalSelect, RangeNavigator, useDateRange } from '../../src/components/range';
import { LocationPicker, useLocations, type LocationSelection } from '../../src/components/LocationPicker';
import { useAppDataProvider } from '../../providers/dataProvider';
import { InvoiceRows } from './InvoiceRows';
import { RemoveInvoiceDialog } from './RemoveInvoiceDialog';
import { RequestInvoiceDialog } from './RequestInvoiceDialog';
import { INVOICE_CHANNEL, type Invoice } from './types';
import { DisabledReason } from '../../src/components/DisabledReason';

/** Day is shown but disabled; Week is the default (spec 2, section 2 'Invoices'). */
const DISABLED_INTERVALS = [INTERVAL.day] as const;
export { NO_INVOICES } from './InvoiceRows';
export const PICK_RESTAURANT = 'Choose a restaurant in the location picker to request its invoice';

type Variant = 'staff' | 'restaurant';

/** /invoices: administrators and managers. */
export function InvoicesPage() {
  return (
    <RoleGate path="/invoices">
      <InvoicesScreen variant="staff" />
    </RoleGate>
  );
}

/** /invoicesrestaurant: a restaurant account's own invoices, View and Download only (phone: Download only). */
export function RestaurantInvoicesPage() {
  return (
    <RoleGate path="/invoicesrestaurant">
      <InvoicesScreen variant="restaurant" />
    </RoleGate>
  );
}

type Open = { kind: 'request'; restaurantId: number; restaurantName: string } | { kind: 'remove'; invoice: Invoice } | null;

/** What the list asks the server for: the invoices overlapping the range, of the area or restaurant picked. */
function filterOf(range: DateRange, location: LocationSelection | null) {
  const where = location ? { [location.type === 'area' ? 'area_id' : 'restaurant_id']: location.id } : {};
  return { period_date_from: range.from, period_date_to: range.to, ...where };
}

/**
 * The invoices screen: the range and location pickers above react-admin's list of the invoices resource, which
 * the server pages, sorts and filters (newest period first); the spec's Request Invoice and Remove dialogs.
 */
function InvoicesScreen({ variant }: { variant: Variant }) {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const dates = useDateRange({ defaultInterval: INTERVAL.week });
  const { areas } = useLocations();
  const [location, setLocation] = useState<LocationSelection | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const staff = variant === 'staff';
  const picked = location?.type === 'restaurant' ? areas.flatMap((a) => a.restaurants).find((r) => r.id === location.id) : undefined;
  const filter = useMemo(() => filterOf(dates.range, location), [dates.range, location]);

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
          <DisabledReason reason={!picked && PICK_RESTAURANT} fullWidth={phone}>
            <Button
              variant="contained"
              startIcon={<ReceiptLongOutlinedIcon />}
              disabled={!picked}
              fullWidth={phone}
              onClick={() => picked && setOpen({ kind: 'request', restaurantId: picked.id, restaurantName: picked.name })}
            >
              Request Invoice
            </Button>
          </DisabledReason>
        )}
      </Stack>
      <List
        resource="invoices"
        title="Invoices"
        filter={filter}
        sort={{ field: 'period_date_from', order: 'DESC' }}
        perPage={LIST_PER_PAGE_DEFAULT}
        pagination={<ListPagination />}
        actions={false}
        exporter={false}
        empty={false}
        storeKey={`invoices.${variant}`}
        disableSyncWithLocation
        // The restaurant variant is its own screen (/invoicesrestaurant), already checked by the gate above.
        disableAuthentication={!staff}
      >
        <InvoicesBody variant={variant} phone={phone} range={dates.range} open={open} setOpen={setOpen} />
      </List>
    </Box>
  );
}

interface BodyProps {
  variant: Variant;
  phone: boolean;
  range: DateRange;
  open: Open;
  setOpen: (open: Open) => void;
}

/** The rows with their actions and the dialogs; the page reloads when the invoice feed reports a change. */
function InvoicesBody({ variant, phone, range, open, setOpen }: BodyProps) {
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const { refetch } = useListContext<Invoice>();
  const { canAccess: canRemove } = useCanAccess({ resource: 'invoices', action: 'delete' });
  const [busyId, setBusyId] = useState<number | null>(null);
  const staff = variant === 'staff';
  const reload = () => void refetch();

  useEffect(() => subscribeToFeed(INVOICE_CHANNEL, () => void refetch()), [refetch]);

  const fetchDocument = async (invoice: Invoice, show: (blob: Blob, name: string) => void, fail?: () => void) => {
    setBusyId(invoice.id);
    try {
      const file = await dataProvider.downloadInvoice(invoice);
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
    <>
      <InvoiceRows
        phone={phone}
        busyId={busyId}
        // The restaurant variant on a phone: Download only (spec 2, section 2).
        onView={staff || !phone ? onView : undefined}
        onDownload={onDownload}
        onRemove={staff && canRemove ? (invoice) => setOpen({ kind: 'remove', invoice }) : undefined}
      />
      {open?.kind === 'request' && (
        <RequestInvoiceDialog
          restaurantId={open.restaurantId}
          restaurantName={open.restaurantName}
          range={range}
          onClose={() => setOpen(null)}
          onDone={reload}
        />
      )}
      {open?.kind === 'remove' && (
        <RemoveInvoiceDialog
          invoice={open.invoice}
          onClose={() => setOpen(null)}
          onRemoved={(invoice) => {
            setOpen(null);
            notify(`Invoice ${invoice.invoice_number} removed`, { type: 'info' });
            reload();
          }}
        />
      )}
    </>
  );
}
