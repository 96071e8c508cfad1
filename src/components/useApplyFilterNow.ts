import { useFormContext } from 'react-hook-form';
import { useListContext } from 'react-admin';

/**
 * For a `<List>` filter picked from a list (a select, an autocomplete's choice): applies the new value at once, with
 * what else the filter form holds, as the form itself would. The form waits 500 ms after every change for typing to
 * settle, which a pick does not need; its own submit then finds the list already filtered so and asks nothing more.
 */
export function useApplyFilterNow(): (source: string, value: unknown) => void {
  const { filterValues, setFilters } = useListContext();
  const { getValues } = useFormContext();
  return (source, value) => setFilters({ ...filterValues, ...getValues(), [source]: value });
}
