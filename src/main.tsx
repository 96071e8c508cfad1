import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './Root';

// The first render as a transition: React renders it in slices of a few milliseconds, giving the page back between
// them, where an ordinary first render is one task (react-admin's providers, the shell and the first screen at once).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
});
