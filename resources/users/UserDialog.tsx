import { useMemo, useState } from 'react';
import { IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { userFormSchema } from '../../domain/validation/user';
import { FormCancelButton, FormDialog, FormResetButton, FormSaveButton, failureBeside, useFormDialog } from '../../src/components/forms';
import { UserInputs } from './UserInputs';
import { EMPTY_USER, payloadOf, valuesOf } from './userForm';
import type { PanelUser, UserFormValues } from './types';


/** Dialog width (spec 1, section 9 lists 400, 450 and 700 px). */
const USER_DIALOG_WIDTH = 450;
export const CREATE_TITLE = 'Create Administrator';
const EDIT_TITLE = 'Edit Administrator';

/** The alert above the form says a message of no field of ours; none when the fields say it. */
const failureText = failureBeside(Object.keys(EMPTY_USER), 'Saving the user failed');

export interface UserDialogProps {
  /** The user to edit; none for Create Administrator. */
  user?: PanelUser;
  /** The logged-in administrator: they may not change their own role. */
  selfId?: number;
  /** Sends the body; rejects with the server's error (its `body` carries `{ field: [messages] }`). */
  onSubmit: (body: Record<string, unknown>) => Promise<void>;
  onClose: () => void;
}

/**
 * Create Administrator (buttons Create and Clear) and the edit dialog (Cancel and Accept), spec 1, sections 2
 * and 5, on the shared form dialog with one UserInputs for both. The schema checks what would be sent (areas only
 * for a manager). Mount it only while open, so each opening starts from the user's current values.
 */
export function UserDialog({ user, selfId, onSubmit, onClose }: UserDialogProps) {
  const [changePassword, setChangePassword] = useState(false);
  const schema = useMemo(() => userFormSchema(changePassword), [changePassword]);
  const editing = !!user;
  const prepare = (values: UserFormValues) => payloadOf(values, changePassword);

  return (
    <FormDialog<UserFormValues>
      title={
        <>
          {editing ? EDIT_TITLE : CREATE_TITLE}
          {!editing && <CloseButton onClose={onClose} />}
        </>
      }
      titleSx={{ pr: 6 }}
      width={USER_DIALOG_WIDTH}
      schema={schema}
      prepare={prepare}
      defaultValues={user ? valuesOf(user) : EMPTY_USER}
      onSave={(values) => onSubmit(prepare(values))}
      onClose={onClose}
      failureFallback="Saving the user failed"
      failureText={failureText}
      actions={
        <>
          {editing ? <FormCancelButton onClick={onClose} /> : <FormResetButton onClear={() => setChangePassword(false)} />}
          <FormSaveButton label={editing ? 'Accept' : 'Create'} />
        </>
      }
    >
      <UserInputs
        editing={editing}
        isSelf={editing && user.id === selfId}
        changePassword={changePassword}
        onPasswordSwitch={setChangePassword}
      />
    </FormDialog>
  );
}

function CloseButton({ onClose }: { onClose: () => void }) {
  const { saving } = useFormDialog();
  return (
    <IconButton aria-label="Close" onClick={onClose} disabled={saving} sx={{ position: 'absolute', right: 8, top: 10 }}>
      <CloseIcon />
    </IconButton>
  );
}
