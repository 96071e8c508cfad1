import { ReferenceInput, useChoicesContext, type RaRecord } from 'react-admin';
import { SelectInput, type TextInputProps } from './forms';

// Every record: the spec's pickers list them all, in the API's plain call (the data provider's `perPage: 0`).
const EVERY = 0;

interface Props<T extends RaRecord> extends TextInputProps {
  /** The react-admin resource the value points into (`city`, `area`, ...). */
  reference: string;
  /** The field the list is sorted by, as the plain call sorts it. */
  sortBy: string;
  /** What a choice reads. */
  optionText: (record: T) => string;
}

/** A form dialog's select of another resource's records: react-admin's `<ReferenceInput>` drawn as the panel's select. */
export function ReferenceSelect<T extends RaRecord>({ reference, sortBy, optionText, ...props }: Props<T>) {
  return (
    <ReferenceInput source={props.source} reference={reference} perPage={EVERY} sort={{ field: sortBy, order: 'ASC' }}>
      <Choices<T> optionText={optionText} {...props} />
    </ReferenceInput>
  );
}

function Choices<T extends RaRecord>({ optionText, ...props }: TextInputProps & { optionText: (record: T) => string }) {
  const { allChoices = [] } = useChoicesContext<T>();
  return <SelectInput {...props} choices={allChoices.map((r) => ({ id: r.id, name: optionText(r) }))} />;
}
