import { useEffect } from 'react';
import { ReferenceArrayInput, useChoicesContext, type RaRecord } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { ChipsInput, type ChipsInputProps } from './forms';
import { referenceListProps } from './referenceList';

// The first matches a picker offers; typing searches the server for more (the list's `q`).
const MATCHES = 50;
const LIST_FAILED = 'The list could not be loaded';
const asServerSearch = <T,>(options: T[]) => options;

type Row = RaRecord & { id: number };

export type ReferenceChipsProps<T extends Row> = Omit<ChipsInputProps<T>, 'options' | 'getOptionLabel'> & {
  /** The react-admin resource the ids point into (`area`, `restaurant`). */
  reference: string;
  /** The list's order, as the server sorts it (a `groupBy` needs its groups together). */
  sortBy: string;
  /** The list's filter (the restaurants of the chosen areas). */
  filter?: Record<string, unknown>;
  /** Query parameters of the list call beyond the convention's (`?restaurants=false`). */
  query?: Record<string, string | number | boolean>;
  /** Whether the list is asked for at all (not while no area is chosen). */
  enabled?: boolean;
  optionText: (record: T) => string;
  /** Which chosen records may stay: the others are taken out as soon as they are known not to. */
  keep?: (record: T) => boolean;
};

/**
 * A form dialog's list of another resource's records: react-admin's `<ReferenceArrayInput>` drawn as the panel's
 * chips. The server pages, sorts, filters and searches the choices (the first 50, and what the typed text matches);
 * the chosen records are read by id, so they show whichever page is offered.
 */
export function ReferenceChips<T extends Row>({ reference, sortBy, filter, query, enabled = true, ...props }: ReferenceChipsProps<T>) {
  return (
    <ReferenceArrayInput {...referenceListProps({ source: props.source, reference, sortBy, filter, query })} perPage={MATCHES} enableGetChoices={() => enabled}>
      <Choices<T> {...props} />
    </ReferenceArrayInput>
  );
}

type ChoicesProps<T extends Row> = Omit<ReferenceChipsProps<T>, 'reference' | 'sortBy' | 'filter' | 'query' | 'enabled'>;

function Choices<T extends Row>({ optionText, keep, hint, ...props }: ChoicesProps<T>) {
  const { allChoices = [], selectedChoices = [], isFetching, error, setFilters } = useChoicesContext<T>();
  const { getValues, setValue } = useFormContext();
  const leaving = keep ? selectedChoices.filter((r) => !keep(r)).map((r) => r.id) : [];
  const leavingKey = leaving.join();
  useEffect(() => {
    if (!leavingKey) return;
    const gone = new Set(leavingKey.split(',').map(Number));
    const ids = (getValues(props.source) as number[] | undefined) ?? [];
    setValue(props.source, ids.filter((id) => !gone.has(id)), { shouldDirty: true, shouldValidate: true });
  }, [leavingKey, getValues, setValue, props.source]);
  return (
    <ChipsInput<T>
      {...props}
      options={allChoices}
      getOptionLabel={optionText}
      loading={isFetching && !allChoices.length}
      filterOptions={asServerSearch}
      // The typed text searches the server once the typing pauses; a choice made empties it, and the search with it.
      onInputChange={(_e, text) => setFilters({ q: text }, undefined, true)}
      hint={error ? error.message || LIST_FAILED : hint}
    />
  );
}
