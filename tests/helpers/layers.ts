import type { Page } from 'playwright-core';

/** Closes what is open (menus, dialogs, a popover) and lets the focus go, as a user clicking elsewhere. */
export async function closeLayers(page: Page): Promise<void> {
  const layers = page.locator('.MuiModal-root:not(.MuiModal-hidden)');
  for (let i = 0; i < 3 && (await layers.count()); i++) {
    await page.keyboard.press('Escape');
    await layers.last().waitFor({ state: 'detached', timeout: 3_000 }).catch(() => {});
  }
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}
