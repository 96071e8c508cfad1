import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { AreaPagination } from '../../resources/areas/AreaPagination';
import { LIST_PER_PAGE_DEFAULT } from '../../domain/listPaging';

/** Lists' page sizes (spec 2, section 9): 10, 15, 50, 100 or 1000 rows, 15 at first, 10 page buttons. */
export const PER_PAGE_CHOICES = [10, 15, 50, 100, 1000] as const;
export const PER_PAGE_DEFAULT = LIST_PER_PAGE_DEFAULT;
export const VISIBLE_PAGES = 10;

/** '1–15 of 42', as the range counter reads. */
export function rangeLabel(first: number, shown: number, total: number): string {
  if (!total) return '0 of 0';
  return `${first + 1}–${first + shown} of ${total.toLocaleString('en-GB')}`;
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
