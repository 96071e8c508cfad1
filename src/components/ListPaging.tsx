import { useState } from 'react';
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { AreaPagination } from '../../resources/areas/AreaPagination';
import { LIST_PER_PAGE_DEFAULT } from '../../domain/listPaging';

/** Lists' page sizes (spec 2, section 9): 10, 15, 50, 100 or 1000 rows, 15 at first, 10 page buttons. */
export const PER_PAGE_CHOICES = [10, 15, 50, 100, 1000] as const;
export const PER_PAGE_DEFAULT = LIST_PER_PAGE_DEFAULT;
export const VISIBLE_PAGES = 10;

/** The rows of one page, and the page actually shown (a list that shrank moves back to its last page). */
export function pageOf<T>(rows: T[], page: number, perPage: number): { rows: T[]; page: number; pages: number; first: number } {
  const pages = Math.max(1, Math.ceil(rows.length / perPage));
  const current = Math.min(Math.max(1, page), pages);
  const first = (current - 1) * perPage;
  return { rows: rows.slice(first, first + perPage), page: current, pages, first };
}

/** '1–15 of 42', as the range counter reads. */
export function rangeLabel(first: number, shown: number, total: number): string {
  if (!total) return '0 of 0';
  return `${first + 1}–${first + shown} of ${total.toLocaleString('en-GB')}`;
}

/**
 * The paging state of a list: the rows of the current page and the props of <ListPaging>. `toFirstPage` is for a
 * filter change; a new page size also goes back to the first page, a new page scrolls to the top.
 */
export function useListPaging<T>(rows: T[]) {
  const [perPage, setPerPage] = useState<number>(PER_PAGE_DEFAULT);
  const [page, setPage] = useState(1);
  const shown = pageOf(rows, page, perPage);
  return {
    rows: shown.rows,
    toFirstPage: () => setPage(1),
    paging: {
      page: shown.page,
      pages: shown.pages,
      perPage,
      first: shown.first,
      shown: shown.rows.length,
      total: rows.length,
      onPage: (p: number) => {
        setPage(p);
        window.scrollTo({ top: 0 });
      },
      onPerPage: (n: number) => {
        setPerPage(n);
        setPage(1);
      },
    },
  };
}

interface Props {
  label: string;
  page: number;
  pages: number;
  perPage: number;
  first: number;
  shown: number;
  total: number;
  phone: boolean;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}

/** Rows per page, the range counter and the page buttons under a list. */
export function ListPaging({ label, page, pages, perPage, first, shown, total, phone, onPage, onPerPage }: Props) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 2 }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Per page"
          value={perPage}
          onChange={(e) => onPerPage(Number(e.target.value))}
          sx={{ width: 96 }}
        >
          {PER_PAGE_CHOICES.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {rangeLabel(first, shown, total)}
        </Typography>
      </Stack>
      <AreaPagination page={page} count={pages} onChange={onPage} visible={phone ? 5 : VISIBLE_PAGES} label={label} />
    </Stack>
  );
}
