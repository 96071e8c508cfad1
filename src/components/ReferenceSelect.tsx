import { ReferenceInput, useChoicesContext, type RaRecord } from 'react-admin';
import { DialogSelectInput, type DialogTextInputProps } from './forms';
import { referenceListProps } from './referenceList';

// Every record: the spec's pickers list them all, in the API's plain call (the data provider's `perPage: 0`).
const EVERY = 0;
const LIST_FAILED = 'The list could not be loaded';

interface Props<T extends RaRecord> extends DialogTextInputProps {
  /** The react-admin resource the value points into (`city`, `area`, ...). */
  reference: string;
  /** The field the list is sorted by, as the plain call sorts it. */
  sortBy: string;
  /** What a choice reads. */
  optionText: (record: T) => string;
  /** The list's filter, as the plain call takes it (a driver's `status`). */
  filter?: Record<string, unknown>;
  /** Query parameters of the list call beyond the convention's (`?restaurants=false`: the data provider's `meta.query`). */
  query?: Record<string, string | number | boolean>;
  /** Which of the records are offered, in which order, when not all as they come (the drivers of one restaurant). */
  offer?: (records: T[]) => T[];
}

/** A form dialog's select of another resource's records: react-admin's `<ReferenceInput>` drawn as the panel's select. */
export function ReferenceSelect<T extends RaRecord>({ reference, sortBy, filter, query, ...props }: Props<T>) {
  return (
    <ReferenceInput {...referenceListProps({ source: props.source, reference, sortBy, filter, query })} perPage={EVERY}>
      <Choices<T> {...props} />
    </ReferenceInput>
  );
}

type ChoicesProps<T extends RaRecord> = DialogTextInputProps & Pick<Props<T>, 'optionText' | 'offer'>;

function Choices<T extends RaRecord>({ optionText, offer = (records) => records, ...props }: ChoicesProps<T>) {
  const { allChoices = [], error } = useChoicesContext<T>();
  const hint = error ? error.message || LIST_FAILED : props.hint;
  return <DialogSelectInput {...props} hint={hint} choices={offer(allChoices).map((r) => ({ id: r.id, name: optionText(r) }))} />;
}
