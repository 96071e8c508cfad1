import type { ComponentType, ReactNode } from 'react';
import { List, Title, type ListProps, type RaRecord } from 'react-admin';
import { Box, Stack, Typography } from '@mui/material';
import { RoleGate } from './RoleGate';
import { ListPagination } from './ListPagination';
import { LIST_PER_PAGE_DEFAULT } from '../../domain/listPaging';

/** A screen's title in the app bar, and its content only for the roles that may open `path` (RoleGate). */
export function GatedScreen({ title, path, children }: { title: string; path: string; children: ReactNode }) {
  return (
    <>
      <Title title={title} />
      <RoleGate path={path}>{children}</RoleGate>
    </>
  );
}

/** A screen component that is `Screen` inside GatedScreen: what a route or resource mounts for a gated screen. */
export function gatedScreen(gate: { title: string; path: string }, Screen: ComponentType) {
  return function Gated() {
    return (
      <GatedScreen {...gate}>
        <Screen />
      </GatedScreen>
    );
  };
}

/** A list screen's frame: its heading with its main action (an Add button) above the list. */
export function ListScreenFrame({ title, action, maxWidth, children }: { title: string; action: ReactNode; maxWidth: number; children: ReactNode }) {
  return (
    <Box sx={{ maxWidth, width: '100%', mx: 'auto', py: { xs: 0, sm: 1 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Box>
  );
}

/**
 * A react-admin `<List>` as the spec's lists are: 15 rows a page with the spec's paging bar (`pagesLabel` names its
 * page buttons), the heading and actions drawn by the screen, the empty message by the rows, and its filters and
 * order kept by the screen while it is open (not in the address, which stays the spec's path).
 */
export function SpecList<T extends RaRecord>({ pagesLabel, ...props }: ListProps<T> & { pagesLabel: string }) {
  return (
    <List<T>
      title={false}
      actions={false}
      perPage={LIST_PER_PAGE_DEFAULT}
      pagination={<ListPagination label={pagesLabel} />}
      empty={false}
      disableSyncWithLocation
      storeKey={false}
      {...props}
    />
  );
}
