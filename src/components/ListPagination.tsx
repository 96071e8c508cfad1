import { Pagination } from 'react-admin';
import { LIST_PER_PAGE_CHOICES } from '../../domain/validation/listQuery';

/** react-admin's pagination with the spec's per-page choices (10, 15, 50, 100, 1000); areas pass their own. */
export function ListPagination({ choices = LIST_PER_PAGE_CHOICES }: { choices?: number[] }) {
  return <Pagination rowsPerPageOptions={choices} />;
}
