import type { ComponentType } from 'react';
import { List, useListContext, type ListProps, type RaRecord, type SortPayload } from 'react-admin';
import { Alert, Button, LinearProgress } from '@mui/material';
import { GatedScreen } from './ListScreen';
import { ListPagination } from './ListPagination';

/**
 * A react-admin `<List>` of the spec's cards (areas, news feed): the screen draws its heading (title, page size in a
 * `PerPageSelect`, main action) and the cards as the list's children; the page buttons and a counter of the screen's
 * own words come under them; filters and page are kept while the screen is open, not in the address (which stays
 * the spec's path).
 */
function CardList<T extends RaRecord>({ pagesLabel, visiblePages, counter, maxWidth, ...props }: ListProps<T> & {
  pagesLabel: string;
  visiblePages: number;
  counter: (first: number, shown: number, total: number) => string;
  maxWidth: number;
}) {
  return (
    <List<T>
      title={false}
      actions={false}
      pagination={<ListPagination layout="cards" label={pagesLabel} visible={visiblePages} counter={counter} />}
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

/** What names a card list's screen: its title (in the app bar and naming the page buttons), path, resource, order and width. */
export interface CardListScreenSpec {
  title: string;
  path: string;
  resource: string;
  sort: SortPayload;
  maxWidth: number;
}

/** How a card list pages: cards a page at first, page buttons shown, and the counter in the screen's words. */
export interface CardListPaging {
  perPage: number;
  visiblePages: number;
  counter: (first: number, shown: number, total: number) => string;
}

/**
 * A card list as a screen component (what a resource mounts): its title in the app bar, and for the roles that may
 * open its path the list, paged by `paging`, with `Screen` drawing the heading and the cards.
 */
export function cardListScreen<T extends RaRecord>({ title, path, ...list }: CardListScreenSpec, paging: CardListPaging, Screen: ComponentType) {
  return function CardListScreen() {
    return (
      <GatedScreen title={title} path={path}>
        <CardList<T> {...list} {...paging} pagesLabel={`${title} pages`}>
          <Screen />
        </CardList>
      </GatedScreen>
    );
  };
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
