import type { Locator, Page } from 'playwright-core';

/**
 * Tries the board's chips from the range's end backwards: the chips are read again before each try (focusing a
 * chip scrolls the board to it, and rows scrolled out of view are no longer drawn), the last one not tried yet is
 * focused and opened with Enter, as by keyboard, and `opened` says whether its menu is the one wanted (putting the
 * screen back when it is not). True once a try succeeds; false when the chips or the `attempts` run out.
 */
export async function tryChipsFromTheEnd(page: Page, chips: Locator, attempts: number, opened: () => Promise<boolean>): Promise<boolean> {
  const tried = new Set<string>();
  for (let attempt = 0; attempt < attempts; attempt++) {
    const labels = await chips.allTextContents();
    let i = labels.length - 1;
    while (i >= 0 && tried.has(labels[i])) i--;
    if (i < 0) return false;
    tried.add(labels[i]);
    if (!(await chips.nth(i).focus({ timeout: 3_000 }).then(() => true, () => false))) continue;
    await page.keyboard.press('Enter');
    if (await opened()) return true;
  }
  return false;
}
