import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './Root';
import { startFirstCalls } from './firstCalls';
import { noteFirstScreen } from './layout/firstScreen';

// Drawn once a list screen's (or the board's) code is here when the page opens on one (at once otherwise): see src/firstCalls.ts.
// The first render is a transition: React renders it in slices of a few milliseconds, giving the page back between
// them, where an ordinary first render is one task (react-admin's providers, the shell and the first screen at once).
noteFirstScreen(window.location.pathname);
void startFirstCalls(window.location).then(() =>
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Root />
      </StrictMode>,
    );
  }),
);
