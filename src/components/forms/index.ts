export { FormDialog, type FormDialogProps } from './FormDialog';
export { FormSaveButton, FormCancelButton, FormResetButton } from './FormSaveButton';
export { FormTabs, FormTabPanel, tabOfFields, type FormTab } from './FormTabs';
export { TextInput, SelectInput, DateInput, FlagInput, useFormField, DATE_HINT, type Choice, type TextInputProps } from './inputs';
export { ImageInput } from './ImageInput';
export { PasswordInput, PasswordSwitch } from './PasswordInputs';
export { useFormDialog, useInputsDisabled } from './formDialogContext';
export { showServerErrors } from './serverErrors';
export { useResourceSave } from './useResourceSave';
