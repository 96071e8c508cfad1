import { useMemo, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { dataFull } from '../../domain/dataFull';
import { driverFormSchema } from '../../domain/validation/driver';
import { canAccess } from '../../domain/access';
import { FormCancelButton, FormDialog, FormSaveButton, FormTabs, tabOfFields, type FormTab } from '../../src/components/forms';
import { useStoredUser } from '../../src/components/useStoredUser';
import { RecordHistory } from '../history/RecordHistory';
import { DataFullBadge } from './DataFullBadge';
import { AttendanceRecord } from './AttendanceRecord';
import { DriverInputs, type DriverDialogMode } from './DriverInputs';
import { IDENTITY_TAB_FIELDS, MAIN_TAB_FIELDS, driverFormData, driverValues, emptyDriver, type DriverFormValues } from './driverForm';
import type { DriverRecord } from './types';

const DRIVER_DIALOG_WIDTH = 700;
const REGISTER_TITLE = 'Drivers Manual Register';
const EDIT_DRIVER_TITLE = 'Edit Driver';
const VIEW_DRIVER_TITLE = 'View Driver';

const TABS: FormTab[] = [
  { label: 'Main', fields: MAIN_TAB_FIELDS },
  { label: 'Identity', fields: IDENTITY_TAB_FIELDS },
];
const TITLES: Record<DriverDialogMode, string> = { add: REGISTER_TITLE, edit: EDIT_DRIVER_TITLE, view: VIEW_DRIVER_TITLE };
const SUBMIT_LABELS: Record<DriverDialogMode, string> = { add: 'Register', edit: 'Accept Changes', view: 'View' };

interface Props {
  mode: DriverDialogMode;
  driver?: DriverRecord;
  /** Sends the multipart body; rejects with the server's error (its `body` holds `{ field: [messages] }`). */
  onSubmit?: (body: FormData) => Promise<void>;
  /** Reads the driver anew (the Reload of a save refused because someone changed the driver meanwhile). */
  reload?: () => Promise<DriverRecord>;
  onClose: () => void;
}

/**
 * Drivers Manual Register, Edit Driver and the read-only view (spec 2, sections 2, 3 and 5) on the shared form
 * dialog, one DriverInputs for the three. A server's messages show under their fields and the dialog turns to the
 * tab that holds them; administrators see the driver's History on a third tab. Mount it only while open; a
 * successful add unmounts it, so the next one starts empty.
 */
export function DriverDialog({ mode, driver, onSubmit, reload, onClose }: Props) {
  const readOnly = mode === 'view';
  const [withPassword, setWithPassword] = useState(false);
  const schema = useMemo(() => driverFormSchema(withPassword), [withPassword]);
  const [tab, setTab] = useState(0);
  // Who changed what on this driver: for administrators, on a driver that exists.
  const showHistory = canAccess(useStoredUser()?.role, 'drivers', 'history') && !!driver;
  const tabs = showHistory ? [...TABS, { label: 'History' }] : TABS;

  return (
    <FormDialog<DriverFormValues>
      title={<DriverTitle title={TITLES[mode]} driver={driver} />}
      titleSx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
      width={DRIVER_DIALOG_WIDTH}
      schema={schema}
      defaultValues={driver ? driverValues(driver) : emptyDriver()}
      readOnly={readOnly}
      onSave={onSubmit && ((values) => onSubmit(driverFormData(values, withPassword, driver?.id)))}
      reload={driver && reload && (async () => driverValues(await reload()))}
      onClose={onClose}
      failureFallback="Saving the driver failed"
      onServerErrors={(fields) => {
        const holding = tabOfFields(TABS, fields);
        if (holding !== null) setTab(holding);
      }}
      tabs={<FormTabs tabs={tabs} value={tab} onChange={setTab} />}
      actions={
        <>
          <FormCancelButton label={readOnly ? 'Close' : 'Cancel'} onClick={onClose} />
          <FormSaveButton label={SUBMIT_LABELS[mode]} />
        </>
      }
    >
      {driver && tab === 0 && <AttendanceRecord driverId={driver.id} />}
      <DriverInputs mode={mode} driver={driver} tab={tab} withPassword={withPassword} onPasswordSwitch={setWithPassword} />
      {showHistory && tab === 2 && (
        <Box role="tabpanel" aria-label="History">
          <RecordHistory table="drivers" id={driver.id} />
        </Box>
      )}
    </FormDialog>
  );
}

/** The title, the driver's name, and the share of the profile filled as the form stands (photos count once chosen). */
function DriverTitle({ title, driver }: { title: string; driver?: DriverRecord }) {
  const values = useWatch() as DriverFormValues;
  const percent = dataFull({
    ...values,
    ...Object.fromEntries(
      ['photo_src', 'driver_license_front_photo', 'driver_license_back_photo', 'identity_photo'].map((f) => {
        const image = values[f] as { file: File | null; keep: string | null };
        return [f, image.file ?? image.keep];
      }),
    ),
    have_experience: values.have_experience || null,
    right_to_work_photos: [...values.right_to_work_photos.kept, ...values.right_to_work_photos.added],
  });
  return (
    <>
      <span>
        {title}
        {driver && (
          <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
            {driver.full_name}
          </Typography>
        )}
      </span>
      <DataFullBadge percent={percent} />
    </>
  );
}
