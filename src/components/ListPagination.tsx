import { useListPaginationContext } from 'react-admin';
import { MenuItem, Stack, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { LIST_PER_PAGE_CHOICES } from '../../domain/listPaging';
import { PageButtons } from './PageButtons';

/** Lists show 10 page buttons (spec 2, section 9); the areas list shows 14. */
const VISIBLE_PAGES = 10;

/** '1–15 of 42', as the range counter reads. */
function rangeLabel(first: number, shown: number, total: number): string {
  if (!total) return '0 of 0';
  return `${first + 1}–${first + shown} of ${total.toLocaleString('en-GB')}`;
}

/** The rows (or cards) per page of the react-admin list around it. */
export function PerPageSelect({ choices, width = 96 }: { choices: readonly number[]; width?: number }) {
  const { perPage, setPerPage } = useListPaginationContext();
  return (
    <TextField select size="small" label="Per page" value={perPage} onChange={(e) => setPerPage(Number(e.target.value))} sx={{ width }}>
      {choices.map((n) => (
        <MenuItem key={n} value={n}>
          {n}
        </MenuItem>
      ))}
    </TextField>
  );
}

interface Props {
  /** The page buttons' accessible name. */
  label?: string;
  /** How many page buttons show on a wide screen (5 on a phone). */
  visible?: number;
  /** The counter's words, from the first row shown (0-based), the rows shown and the total. */
  counter?: (first: number, shown: number, total: number) => string;
  /**
   * 'bar' (tables): the per-page choices and the counter on the left, the page buttons on the right.
   * 'cards' (card lists): the page buttons above the counter, centred; the screen's heading has the per-page choices.
   */
  layout?: 'bar' | 'cards';
}

/**
 * The one paging bar of the lists, as a react-admin `<List>` pagination: it reads and sets the list's page and page
 * size, which the server then pages (server/lists/).
 */
export function ListPagination({ label = 'Pages', visible = VISIBLE_PAGES, counter = rangeLabel, layout = 'bar' }: Props) {
  const { page, perPage, total, setPage, isPending } = useListPaginationContext();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  if (isPending || !total) return null;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(page, pages);
  const first = (current - 1) * perPage;
  const buttons = (
    <PageButtons
      page={current}
      count={pages}
      onChange={(p) => {
        setPage(p);
        window.scrollTo({ top: 0 });
      }}
      visible={phone ? 5 : visible}
      label={label}
    />
  );
  const count = (
    <Typography variant="body2" color="text.secondary" aria-live="polite">
      {counter(first, Math.min(perPage, total - first), total)}
    </Typography>
  );
  if (layout === 'cards') {
    return (
      <Stack spacing={1} sx={{ mt: 2, alignItems: 'center' }}>
        {buttons}
        {count}
      </Stack>
    );
  }
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 2 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <PerPageSelect choices={LIST_PER_PAGE_CHOICES} />
        {count}
      </Stack>
      {buttons}
    </Stack>
  );
}
