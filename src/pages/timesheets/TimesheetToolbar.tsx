import { useState } from 'react';
import { useNotify } from 'react-admin';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import TableViewIcon from '@mui/icons-material/TableView';
import { INTERVAL } from '../../../domain/ranges';
import { TIMESHEET_FILTER, TIMESHEET_FILTER_LABELS, type TimesheetView } from '../../../domain/timesheets';
import { IntervalSelect, RangeNavigator, type DateRangeState } from '../../components/range';
import { LocationPicker, type LocationArea, type LocationSelection } from '../../components/LocationPicker';
import { ApproveAllButton } from './ApproveAllButton';
import { saveFile } from '../../../providers/files';
import { useAppDataProvider } from '../../../providers/dataProvider';
import { DisabledReason } from '../../components/DisabledReason';

/** Why Request Invoice waits: an invoice is for one restaurant. */
export const CHOOSE_ONE_RESTAURANT = 'Choose one restaurant in the location picker to request its invoice';

export interface TimesheetToolbarProps {
  dates: DateRangeState;
  areas: LocationArea[];
  location: LocationSelection | null;
  onLocation: (value: LocationSelection | null) => void;
  status: number;
  onStatus: (status: number) => void;
  /** The rows shown: Approve All works on these. */
  shown: TimesheetView[];
  /** Restaurant accounts read timesheets: no New timesheet, Approve All or payments export; their Request invoice asks the office. */
  readOnly: boolean;
  onNew: () => void;
  onApproved: (views: TimesheetView[]) => void;
  onRequestInvoice: () => void;
}

/**
 * The timesheet toolbar (spec 3, section 2.3): location (All locations, then restaurants), previous/next and the
 * range picker, interval (Day disabled, Week by default), status filter, New timesheet, Approve All [count],
 * Request invoice (a single restaurant and a range) and the XLS payments export.
 */
export function TimesheetToolbar(props: TimesheetToolbarProps) {
  const { dates, areas, location, onLocation, status, onStatus, shown, readOnly, onNew, onApproved, onRequestInvoice } = props;
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const [exporting, setExporting] = useState(false);
  const singleRestaurant = location?.type === 'restaurant';

  async function exportPayments() {
    setExporting(true);
    try {
      const file = await dataProvider.paymentsSpreadsheet(dates.range, singleRestaurant ? location.id : null);
      saveFile(file.blob, file.fileName);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
      <LocationPicker areas={areas} value={location} onChange={onLocation} withAreas={false} width={240} />
      <RangeNavigator state={dates} />
      <Box sx={{ width: 120 }}>
        <IntervalSelect value={dates.interval} onChange={dates.setInterval} disabled={[INTERVAL.day]} />
      </Box>
      <TextField select size="small" variant="outlined" label="Status" fullWidth={false} value={status} onChange={(e) => onStatus(Number(e.target.value))} sx={{ width: 120 }}>
        {[TIMESHEET_FILTER.active, TIMESHEET_FILTER.pending, TIMESHEET_FILTER.all].map((f) => (
          <MenuItem key={f} value={f}>
            {TIMESHEET_FILTER_LABELS[f]}
          </MenuItem>
        ))}
      </TextField>
      {!readOnly && (
        <Button variant="outlined" size="small" startIcon={<AddIcon />} onClick={onNew}>
          New timesheet
        </Button>
      )}
      {!readOnly && <ApproveAllButton rows={shown} onApproved={onApproved} />}
      <DisabledReason reason={!singleRestaurant && CHOOSE_ONE_RESTAURANT}>
        <Button variant="outlined" size="small" startIcon={<ReceiptLongIcon />} disabled={!singleRestaurant} onClick={onRequestInvoice}>
          Request invoice
        </Button>
      </DisabledReason>
      {!readOnly && (
        <Button variant="outlined" size="small" startIcon={<TableViewIcon />} disabled={exporting} onClick={() => void exportPayments()}>
          XLS Payments
        </Button>
      )}
    </Box>
  );
}
