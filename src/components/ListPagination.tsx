import { useListPaginationContext } from 'react-admin';
import { useMediaQuery, type Theme } from '@mui/material';
import { ListPaging } from './ListPaging';

/**
 * The spec's paging bar (per-page 10 to 1000, the range counter, 10 page buttons) as a react-admin `<List>`
 * pagination: it reads and sets the list's page and page size, which the server then pages (server/lists/).
 */
export function ListPagination({ label = 'Pages' }: { label?: string }) {
  const { page, perPage, total, setPage, setPerPage, isPending } = useListPaginationContext();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  if (isPending || !total) return null;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const first = (page - 1) * perPage;
  return (
    <ListPaging
      label={label}
      phone={phone}
      page={page}
      pages={pages}
      perPage={perPage}
      first={first}
      shown={Math.min(perPage, total - first)}
      total={total}
      onPage={(p) => {
        setPage(p);
        window.scrollTo({ top: 0 });
      }}
      onPerPage={setPerPage}
    />
  );
}
