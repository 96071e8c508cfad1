import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { lazyPage } from '../../src/components/lazyPage';

/** A screen with state of its own: a counter the user has moved. */
function Counter() {
  const [n, setN] = useState(0);
  return <button onClick={() => setN(n + 1)}>Clicked {n}</button>;
}

/** Its parent, which the user can make draw again. */
function Parent({ Page }: { Page: React.ComponentType }) {
  const [, setTick] = useState(0);
  return (
    <>
      <button onClick={() => setTick((t) => t + 1)}>Draw again</button>
      <Page />
    </>
  );
}

describe('lazyPage', () => {
  it('shows a screen whose code was preloaded at once, without the loading bar', async () => {
    const Page = lazyPage(async () => ({ Counter }), 'Counter');
    await Page.preload();
    render(<Parent Page={Page} />);
    expect(screen.getByRole('button', { name: 'Clicked 0' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('keeps the screen it loaded on first use, with its state, when its parent draws again', async () => {
    const u = userEvent.setup();
    const Page = lazyPage(async () => ({ Counter }), 'Counter');
    render(<Parent Page={Page} />);
    expect(screen.getByRole('progressbar', { name: 'Loading the screen' })).toBeInTheDocument();
    await u.click(await screen.findByRole('button', { name: 'Clicked 0' }));
    await u.click(screen.getByRole('button', { name: 'Draw again' }));
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeInTheDocument();
  });
});
