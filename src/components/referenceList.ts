/** Which records of another resource a form dialog's reference input lists, as its props say it. */
export interface ReferenceList {
  /** The field whose value points into `reference`. */
  source: string;
  /** The react-admin resource the value points into (`city`, `area`, ...). */
  reference: string;
  /** The field the list is sorted by, as the server sorts it. */
  sortBy: string;
  /** The list's filter (a driver's `status`, the restaurants of the chosen areas). */
  filter?: Record<string, unknown>;
  /** Query parameters of the list call beyond the convention's (`?restaurants=false`: the data provider's `meta.query`). */
  query?: Record<string, string | number | boolean>;
}

/** The list call of react-admin's `<ReferenceInput>` or `<ReferenceArrayInput>` for a reference input's props. */
export function referenceListProps({ source, reference, sortBy, filter, query }: ReferenceList) {
  return {
    source,
    reference,
    sort: { field: sortBy, order: 'ASC' as const },
    filter,
    queryOptions: query && { meta: { query } },
  };
}
