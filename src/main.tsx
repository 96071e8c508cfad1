import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './Root';
import { startFirstCalls } from './firstCalls';

// Drawn once a list screen's code is here when the page opens on one (at once otherwise): see src/firstCalls.ts.
void startFirstCalls(window.location.pathname).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  ),
);
