import {
  Button,
  Card,
  CardContent,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { rangeLabel } from '../../domain/ranges';
import { formatMoney } from '../../src/components/format';
import type { Invoice } from './types';

export interface InvoiceActions {
  onView?: (invoice: Invoice) => void;
  onDownload: (invoice: Invoice) => void;
  /** Administrators only. */
  onRemove?: (invoice: Invoice) => void;
  /** The invoice whose document is being fetched. */
  busyId?: number | null;
}

interface Props extends InvoiceActions {
  invoices: Invoice[];
  /** Cards instead of a table. */
  phone: boolean;
}

const period = (i: Invoice) => rangeLabel({ from: i.period_date_from, to: i.period_date_to });
const commission = (i: Invoice) => `${formatMoney(i.comission)} / hour`;

function Actions({ invoice, onView, onDownload, onRemove, busyId }: InvoiceActions & { invoice: Invoice }) {
  const busy = busyId === invoice.id;
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      {onView && (
        <Tooltip title="View">
          <span>
            <IconButton size="small" aria-label={`View invoice ${invoice.invoice_number}`} onClick={() => onView(invoice)} disabled={busy}>
              <VisibilityOutlinedIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
      <Tooltip title="Download">
        <span>
          <IconButton size="small" aria-label={`Download invoice ${invoice.invoice_number}`} onClick={() => onDownload(invoice)} disabled={busy}>
            <FileDownloadOutlinedIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
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

/** The invoices of the range (spec 2, section 2): Period, Number, Location, Commission and the actions. */
export function InvoiceList({ invoices, phone, ...actions }: Props) {
  if (phone) {
    return (
      <Stack spacing={1} component="ul" aria-label="Invoices" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {invoices.map((i) => (
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
    <TableContainer>
      <Table size="small" aria-label="Invoices">
        <TableHead>
          <TableRow>
            <TableCell>Period</TableCell>
            <TableCell>Number</TableCell>
            <TableCell>Location</TableCell>
            <TableCell>Commission</TableCell>
            <TableCell align="right">Total</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.map((i) => (
            <TableRow key={i.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{period(i)}</TableCell>
              <TableCell sx={{ fontWeight: 500 }}>{i.invoice_number}</TableCell>
              <TableCell>
                {i.restaurant.name}
                <Typography variant="body2" color="text.secondary" component="div">
                  {i.area.name}
                  {i.driver_name ? ` · ${i.driver_name} only` : ''}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{commission(i)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(i.total)}
              </TableCell>
              <TableCell align="right" sx={{ width: 132 }}>
                <Actions invoice={i} {...actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
