import { Box, PaginationItem } from '@mui/material';
import { NEWS_VISIBLE_PAGES } from '../../domain/validation/newsFeed';
import { pageWindow } from '../areas/AreaPagination';

/** Page buttons of the feed: 10 consecutive pages around the current one (spec 1, section 9). */
export function NewsPagination({ page, count, onChange, visible = NEWS_VISIBLE_PAGES }: { page: number; count: number; onChange: (page: number) => void; visible?: number }) {
  if (count <= 1) return null;
  const go = (p: number) => () => onChange(p);
  return (
    <Box component="nav" aria-label="News Feed pages">
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
