import type { Page } from 'playwright-core';

/**
 * Holds back the app's entry script on `page`, as a slow network or a busy machine would, so a screen's first view
 * (drawn by the script before it, src/firstView.ts) has the page to itself; answers the function that lets it go.
 */
export async function holdAppEntry(page: Page): Promise<() => void> {
  const scripts = await page.evaluate(async () => {
    const html = await (await fetch('/')).text();
    return [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"/g)].map((m) => m[1]);
  });
  if (scripts.length !== 2) throw new Error(`expected the first view's script and the app's entry, found ${scripts.join(', ')}`);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route((url) => url.pathname === scripts[1], async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
