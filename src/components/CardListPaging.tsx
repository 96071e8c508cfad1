import { List, useListContext, useListPaginationContext, type ListProps, type RaRecord } from 'react-admin';
import { Alert, Button, LinearProgress, MenuItem, Stack, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { AreaPagination } from '../../resources/areas/AreaPagination';

/**
 * The paging of the spec's card lists (areas, news feed), whose page size is chosen in the screen's heading and
 * whose page buttons sit above a counter of their own words: both read and set the react-admin list's page and
 * page size, which the server then pages.
 */
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

interface PageButtonsProps {
  /** The page buttons' accessible name. */
  label: string;
  /** How many page buttons show (fewer on a phone). */
  visible: number;
  /** The counter under the buttons, from the first row shown (0-based), the rows shown and the total. */
  counter: (first: number, shown: number, total: number) => string;
}

export function CardListPageButtons({ label, visible, counter }: PageButtonsProps) {
  const { page, perPage, total, setPage, isPending } = useListPaginationContext();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  if (isPending || !total) return null;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(page, pages);
  const first = (current - 1) * perPage;
  return (
    <Stack spacing={1} sx={{ mt: 2, alignItems: 'center' }}>
      <AreaPagination
        page={current}
        count={pages}
        onChange={(p) => {
          setPage(p);
          window.scrollTo({ top: 0 });
        }}
        visible={phone ? 5 : visible}
        label={label}
      />
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {counter(first, Math.min(perPage, total - first), total)}
      </Typography>
    </Stack>
  );
}

/**
 * A react-admin `<List>` of the spec's cards: the screen draws its heading (title, page size, main action) and the
 * cards as the list's children; the page buttons and counter come under them; filters and page are kept while the
 * screen is open, not in the address (which stays the spec's path).
 */
export function CardList<T extends RaRecord>({ pagesLabel, visiblePages, counter, maxWidth, ...props }: ListProps<T> & {
  pagesLabel: string;
  visiblePages: number;
  counter: PageButtonsProps['counter'];
  maxWidth: number;
}) {
  return (
    <List<T>
      title={false}
      actions={false}
      pagination={<CardListPageButtons label={pagesLabel} visible={visiblePages} counter={counter} />}
      empty={false}
      exporter={false}
      disableSyncWithLocation
      storeKey={false}
      component="div"
      sx={{ maxWidth, width: '100%', mx: 'auto', pb: 3 }}
      {...props}
    />
  );
}

/** A card list's loading bar and, when the page could not be read, the error with Retry. */
export function CardListState({ loadingLabel, failed, onRetry }: { loadingLabel: string; failed: string; onRetry: () => void }) {
  const { isPending, error } = useListContext();
  return (
    <>
      {isPending && <LinearProgress aria-label={loadingLabel} sx={{ mb: 1 }} />}
      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          }
        >
          {(error as Error).message || failed}
        </Alert>
      )}
    </>
  );
}
