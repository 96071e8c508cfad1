import { Suspense, lazy, useState, type ComponentType } from 'react';
import { Box, LinearProgress } from '@mui/material';

/** A screen loaded on first use, which can be asked for before it is drawn. */
export type LazyPage = ComponentType & {
  /** Starts loading the screen's code (once); drawn after it has arrived, the screen shows at once. */
  preload(): Promise<unknown>;
};

/**
 * A screen loaded on first use: `lazyPage(() => import('./somewhere'), 'ExportName')`. While its code arrives
 * the page shows a thin progress bar under the top bar instead of a blank area. Code already loaded (`preload`,
 * src/firstCalls.ts) is drawn directly, not through Suspense: React holds back what a Suspense boundary reveals
 * until 300 ms after its fallback showed, which would keep a screen whose code is here waiting.
 */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): LazyPage {
  let loading: Promise<ComponentType> | null = null;
  let Loaded: ComponentType | null = null;
  const preload = () =>
    (loading ??= load().then((module) => {
      Loaded = module[name] as ComponentType;
      return Loaded;
    }));
  const Page = lazy(async () => ({ default: await preload() }));
  function LazyPage() {
    // Decided once per mount: switching from Suspense to the screen itself on a later render would remount it.
    const [Ready] = useState(() => Loaded);
    if (Ready) return <Ready />;
    return (
      <Suspense
        fallback={
          <Box sx={{ p: 2 }}>
            <LinearProgress aria-label="Loading the screen" />
          </Box>
        }
      >
        <Page />
      </Suspense>
    );
  }
  LazyPage.displayName = `Lazy(${name})`;
  LazyPage.preload = preload;
  return LazyPage;
}
