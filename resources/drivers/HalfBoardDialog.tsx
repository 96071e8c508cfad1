import { halfBoardSchema } from '../../domain/validation/driver';
import { FormDialog, DialogTextInput } from '../../src/components/forms';

const HALF_BOARD_TITLE = 'Drivers Half Board Register';
const EMPTY = { first_name: '', last_name: '', email: '' };

/**
 * Drivers Half Board Register (spec 2, sections 2 and 5) on the shared form dialog: first name, last name and
 * e-mail, all required; the server's e-mail messages show under the e-mail. It empties itself after a save.
 */
export function HalfBoardDialog({ onSubmit, onClose }: { onSubmit: (body: Record<string, unknown>) => Promise<void>; onClose: () => void }) {
  const input = { required: true, fullWidth: true, margin: 'dense' } as const;
  return (
    <FormDialog<typeof EMPTY>
      title={HALF_BOARD_TITLE}
      width={450}
      schema={halfBoardSchema}
      defaultValues={EMPTY}
      onSave={(values) => onSubmit({ ...values, half_board: 1 })}
      resetAfterSave
      onClose={onClose}
      failureFallback="Saving the driver failed"
      saveLabel="Register"
    >
      <DialogTextInput source="first_name" label="First Name" {...input} autoFocus />
      <DialogTextInput source="last_name" label="Last Name" {...input} />
      <DialogTextInput source="email" label="E-mail" type="email" {...input} />
    </FormDialog>
  );
}
