import { Box, PaginationItem } from '@mui/material';

/**
 * The pages to show: a window of `visible` consecutive pages around the current one, moved in at both ends.
 * MUI's Pagination cannot show a fixed number of page buttons (its ellipses take slots and it always shows the
 * first and last page), so this list picks them and MUI's PaginationItem draws them.
 */
export function pageWindow(page: number, count: number, visible: number): number[] {
  const size = Math.min(visible, count);
  const start = Math.max(1, Math.min(page - Math.floor((size - 1) / 2), count - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}

/** First, previous, a window of `visible` page buttons, next and last, under a list (see ListPagination). */
export function PageButtons({
  page,
  count,
  onChange,
  visible,
  label,
}: {
  page: number;
  count: number;
  onChange: (page: number) => void;
  /** How many page buttons show (fewer on a phone, where 14 do not fit on one line). */
  visible: number;
  /** The navigation's accessible name, e.g. 'Areas pages'. */
  label: string;
}) {
  if (count <= 1) return null;
  const go = (p: number) => () => onChange(p);
  return (
    <Box component="nav" aria-label={label}>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', listStyle: 'none', p: 0, m: 0 }}>
        <li>
          <PaginationItem type="first" disabled={page === 1} onClick={go(1)} aria-label="Go to first page" />
        </li>
        <li>
          <PaginationItem type="previous" disabled={page === 1} onClick={go(page - 1)} aria-label="Go to previous page" />
        </li>
        {pageWindow(page, count, visible).map((p) => (
          <li key={p}>
            <PaginationItem
              type="page"
              page={p}
              selected={p === page}
              onClick={go(p)}
              color="primary"
              aria-current={p === page ? 'page' : undefined}
              aria-label={p === page ? `page ${p}` : `Go to page ${p}`}
            />
          </li>
        ))}
        <li>
          <PaginationItem type="next" disabled={page === count} onClick={go(page + 1)} aria-label="Go to next page" />
        </li>
        <li>
          <PaginationItem type="last" disabled={page === count} onClick={go(count)} aria-label="Go to last page" />
        </li>
      </Box>
    </Box>
  );
}
