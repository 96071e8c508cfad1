import { SelectInput, type SelectInputProps } from 'react-admin';
import { useApplyFilterNow } from './useApplyFilterNow';

/**
 * react-admin's SelectInput as a `<List>` filter whose pick applies at once (useApplyFilterNow); its blank line
 * clears the filter. `alwaysOn` is read by react-admin's filter form.
 */
export function SelectFilter(props: SelectInputProps & { source: string; alwaysOn?: boolean }) {
  const applyNow = useApplyFilterNow();
  return <SelectInput {...props} onChange={(picked) => applyNow(props.source, picked?.target ? picked.target.value : picked)} />;
}
