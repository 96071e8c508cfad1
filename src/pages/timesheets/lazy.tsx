import { useEffect, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { Box, LinearProgress } from '@mui/material';
import { lazyPage, type LazyPage } from '../../components/lazyPage';
import { startTimesheetCalls } from './firstCalls';

/**
 * The timesheet screens' code, a chunk of its own: the app's routes load it when first opened, and a page load
 * opening on it starts it alongside the app's code (src/firstCalls.ts).
 */
let loading: Promise<ComponentType> | null = null;
let loaded: ComponentType | null = null;
/** Starts loading /timesheet's code (once). */
const preload = () =>
  (loading ??= import('./TimesheetsPage').then((module) => {
    loaded = module.TimesheetPage;
    return loaded;
  }));
export const TimesheetRestaurantPage = lazyPage(() => import('./TimesheetsPage'), 'TimesheetRestaurantPage');

/**
 * /timesheet: its calls start as the address changes to it (firstCalls.ts), and its code, when not here yet, is
 * waited for without Suspense. React holds back what a Suspense boundary reveals until 300 ms after its fallback
 * showed, so from the menu the screen's first render waited for that even when its code came in 50 ms.
 */
function TimesheetRoute() {
  const { search } = useLocation();
  // Once per opening, in its first render: the calls go before the code is asked for and the screen is drawn.
  useState(() => startTimesheetCalls(search));
  const [Screen, setScreen] = useState<ComponentType | null>(() => loaded);
  const [failed, setFailed] = useState<unknown>(null);
  useEffect(() => {
    if (Screen) return;
    let live = true;
    preload().then(
      (code) => live && setScreen(() => code),
      (error: unknown) => live && setFailed(() => error ?? new Error('The screen could not be loaded')),
    );
    return () => {
      live = false;
    };
  }, [Screen]);
  // The error boundary around the routes tells of code that failed to arrive, as it does for Suspense.
  if (failed) throw failed;
  if (Screen) return <Screen />;
  return (
    <Box sx={{ p: 2 }}>
      <LinearProgress aria-label="Loading the screen" />
    </Box>
  );
}

export const TimesheetPage: LazyPage = Object.assign(TimesheetRoute, { preload });
