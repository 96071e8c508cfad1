import { Suspense, lazy, type ComponentType } from 'react';
import { Box, LinearProgress } from '@mui/material';

/**
 * A screen loaded on first use: `lazyPage(() => import('./somewhere'), 'ExportName')`. While its code arrives
 * the page shows a thin progress bar under the top bar instead of a blank area.
 */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): ComponentType {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  function LazyPage() {
    return (
      <Suspense
        fallback={
          <Box sx={{ p: 2 }} role="progressbar" aria-label="Loading the screen">
            <LinearProgress />
          </Box>
        }
      >
        <Page />
      </Suspense>
    );
  }
  LazyPage.displayName = `Lazy(${name})`;
  return LazyPage;
}
