import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { ROLE, RESTAURANT_ROLE, type PanelRole } from '../../domain/roles';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The serious and critical WCAG 2.1 A/AA failures axe-core finds on the page as it is now, one line each
 * ('rule ×nodes: help [first targets]'). The page's context needs `bypassCSP: true`: the app's policy forbids the
 * inline script axe is injected as. `within`: a CSS selector to check only part of the page (an open dialog).
 */
export async function seriousAxeViolations(page: Page, within?: string): Promise<string[]> {
  await movementEnded(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async (within) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document | string, opts: object) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(within ?? document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} ×${v.nodes.length}: ${v.help} [${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}]`);
  }, within);
}

/**
 * Waits (at most 5 s) for every transition and animation that ends to have ended: the contrast check reads a
 * button caught halfway through its colour's transition (Publish Shifts, enabled as the driver list comes) as a
 * colour it never rests on. An endless one (a loading bar's) runs on.
 */
export async function movementEnded(page: Page): Promise<void> {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity), null, { timeout: 5_000 })
    .catch(() => {});
}

/** How far the whole page scrolls sideways (0 when it fits the window's width). */
export const pageSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The widths and demo accounts the accessibility walks visit (laptop and phone; each role with its login tab). */
export const WIDTHS = [
  { name: 'laptop', width: 1366, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];
export const ACCOUNTS: [string, 'Admin' | 'Business', PanelRole][] = [
  ['admin@demo.test', 'Admin', ROLE.administrator],
  ['manager@demo.test', 'Admin', ROLE.manager],
  ['restaurant@demo.test', 'Business', RESTAURANT_ROLE],
];
