import type { ReactNode } from 'react';
import { DataTable, useListContext } from 'react-admin';
import { Alert, Button, Card, CardContent, IconButton, LinearProgress, Stack, Tooltip, Typography } from '@mui/material';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { rangeLabel } from '../../domain/ranges';
import { formatMoney } from '../../src/components/format';
import type { Invoice } from './types';

export const NO_INVOICES = 'No invoices in this period';

export interface InvoiceActions {
  onView?: (invoice: Invoice) => void;
  onDownload: (invoice: Invoice) => void;
  /** Administrators only. */
  onRemove?: (invoice: Invoice) => void;
  /** The invoice whose document is being fetched. */
  busyId?: number | null;
}

const period = (i: Invoice) => rangeLabel({ from: i.period_date_from, to: i.period_date_to });
const commission = (i: Invoice) => `${formatMoney(i.comission)} / hour`;
const Col = DataTable.Col<Invoice>;

/** View or Download: fetches the invoice's document, so it waits while one is being fetched (the span keeps its tooltip then). */
function DocumentAction({ verb, invoice, icon, onClick, busy }: { verb: string; invoice: Invoice; icon: ReactNode; onClick: () => void; busy: boolean }) {
  return (
    <Tooltip title={verb}>
      <span>
        <IconButton size="small" aria-label={`${verb} invoice ${invoice.invoice_number}`} onClick={onClick} disabled={busy}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

function Actions({ invoice, onView, onDownload, onRemove, busyId }: InvoiceActions & { invoice: Invoice }) {
  const busy = busyId === invoice.id;
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      {onView && <DocumentAction verb="View" invoice={invoice} icon={<VisibilityOutlinedIcon fontSize="small" />} onClick={() => onView(invoice)} busy={busy} />}
      <DocumentAction verb="Download" invoice={invoice} icon={<FileDownloadOutlinedIcon fontSize="small" />} onClick={() => onDownload(invoice)} busy={busy} />
      {onRemove && (
        <Tooltip title="Remove">
          <IconButton size="small" color="error" aria-label={`Remove invoice ${invoice.invoice_number}`} onClick={() => onRemove(invoice)}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}

const Empty = () => <Alert severity="info">{NO_INVOICES}</Alert>;

/**
 * The page of invoices the list asked the server for (spec 2, section 2): a table of Period, Number, Location,
 * Commission, Total and the actions, or cards on a phone (the restaurant variant there: Download only).
 */
export function InvoiceRows({ phone, ...actions }: InvoiceActions & { phone: boolean }) {
  const { data = [], isPending } = useListContext<Invoice>();
  if (phone) {
    if (isPending) return <LinearProgress aria-label="Loading invoices" />;
    if (!data.length) return <Empty />;
    return (
      <Stack spacing={1} component="ul" aria-label="Invoices" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {data.map((i) => (
          <Card key={i.id} variant="outlined" component="li" aria-label={`Invoice ${i.invoice_number}`}>
            <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
                <div style={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>Invoice {i.invoice_number}</Typography>
                  <Typography variant="body2">{period(i)}</Typography>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {i.restaurant.name}, {i.area.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {commission(i)} · {formatMoney(i.total)}
                  </Typography>
                </div>
                {actions.onView || actions.onRemove ? (
                  <Actions invoice={i} {...actions} />
                ) : (
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={<FileDownloadOutlinedIcon />}
                    onClick={() => actions.onDownload(i)}
                    disabled={actions.busyId === i.id}
                    aria-label={`Download invoice ${i.invoice_number}`}
                  >
                    Download
                  </Button>
                )}
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <DataTable<Invoice> bulkActionButtons={false} rowClick={false} empty={<Empty />} aria-label="Invoices">
      <Col source="period_date_from" label="Period" render={period} sx={{ whiteSpace: 'nowrap' }} />
      <Col source="invoice_number" label="Number" sx={{ fontWeight: 500 }} />
      <Col
        source="restaurant"
        label="Location"
        render={(i) => (
          <>
            {i.restaurant.name}
            <Typography variant="body2" color="text.secondary" component="div">
              {i.area.name}
              {i.driver_name ? ` · ${i.driver_name} only` : ''}
            </Typography>
          </>
        )}
      />
      <Col label="Commission" disableSort render={commission} sx={{ whiteSpace: 'nowrap' }} />
      <Col source="total" label="Total" align="right" render={(i) => formatMoney(i.total)} sx={{ whiteSpace: 'nowrap' }} />
      <Col label="Actions" align="right" disableSort render={(i) => <Actions invoice={i} {...actions} />} sx={{ width: 132 }} />
    </DataTable>
  );
}
