import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { ROLE, RESTAURANT_ROLE, type PanelRole } from '../../domain/roles';
import { addDays, londonToday, mondayOf } from '../../domain/dates';
import { INTERVAL } from '../../domain/ranges';
import { seriousAxeViolations } from './axe';
import { tryChipsFromTheEnd } from './chipTries';
import { closeLayers as closeOpenLayers } from './layers';

/**
 * Every dialog a screen opens, as a user opens it, for the accessibility walk: which screen, who may open it, and
 * the clicks that open it. A step that opens a menu first (a driver's actions) clicks through it.
 */
export interface DialogStep {
  name: string;
  /** Who opens it, when fewer than the screen's roles can. */
  roles?: PanelRole[];
  open: (page: Page) => Promise<void>;
}
export interface DialogScreen {
  path: string;
  roles: PanelRole[];
  /** Before the first dialog at this width (the board on a phone shows one restaurant, chosen first). */
  prepare?: (page: Page, phone: boolean, email: string) => Promise<void>;
  dialogs: DialogStep[];
}

const STAFF = [ROLE.administrator, ROLE.manager];
/** The demo accounts' names, as their posts show them. */
const AUTHORS: Record<string, string> = { 'admin@demo.test': 'Alice Admin', 'manager@demo.test': 'Mark Manager' };
const ADMIN = [ROLE.administrator];

const button = (name: string | RegExp) => (page: Page) => page.getByRole('button', { name }).first().click();
const menuThenItem = (menu: string | RegExp, item: string) => async (page: Page) => {
  await page.getByRole('button', { name: menu }).first().click();
  await page.getByRole('menuitem', { name: item }).click();
};
/** Buttons drawn in the board's lanes (add, chips) show on hover: they are reached by focus and Enter, as by keyboard. */
const byKeyboard = (target: (page: Page) => Locator) => async (page: Page) => {
  await target(page).first().focus();
  await page.keyboard.press('Enter');
};
/** A published shift with a driver (cancelling one is what the cancel dialog is for). */
/**
 * A published shift with a driver and no timesheet yet: one Cancel shift is offered for. Its name ends with its date
 * (a worked one goes on to say its timesheet exists), so late in the week the walk does not spend its tries on the
 * days already worked.
 */
const CANCELLABLE = /^\d\d:\d\d–\d\d:\d\d\s*(?!Open shift|Rejected by)[^,]+, Published, \d\d\/\d\d\/\d{4}$/;
/**
 * A shift chip opens its menu (Enter, as by keyboard); the step then picks the menu's item. Chips are tried from the
 * range's end backwards until one's menu has the item (a past shift, for one, can no longer be cancelled). When none
 * in the range does (late in the week the demo's shifts to come may all fall in the next one), the next range is tried.
 */
const chipMenu = (chipName: RegExp, item: string) => async (page: Page) => {
  for (let range = 0; range < 2; range++) {
    if (range) await page.getByRole('button', { name: 'Next', exact: true }).click();
    if (await pickFromChipMenu(page, chipName, item)) return;
  }
  throw new Error(`no chip offers '${item}' this range or the next`);
};
async function pickFromChipMenu(page: Page, chipName: RegExp, item: string): Promise<boolean> {
  const chips = page.getByRole('button', { name: chipName });
  // The rows come in once the range's shifts are in, and the chip menu's code on its first opening.
  await chips.first().waitFor({ timeout: 15_000 }).catch(() => undefined);
  return tryChipsFromTheEnd(page, chips, 8, async () => {
    const entry = page.getByRole('menuitem', { name: item });
    if (await entry.waitFor({ timeout: 5_000 }).then(() => true, () => false)) {
      await entry.click();
      return true;
    }
    await page.keyboard.press('Escape');
    return false;
  });
}
/** The first of a row's buttons that is enabled (one's own account cannot be removed). */
const enabledButton = (name: RegExp) => (page: Page) => page.getByRole('button', { name }).and(page.locator(':enabled')).first().click();

/** The week `weeksBack` weeks before this one, as a list's address parameters. */
const weekBack = (weeksBack: number) => {
  const from = addDays(mondayOf(londonToday()), -7 * weeksBack);
  return `interval=${INTERVAL.week}&from=${from}&to=${addDays(from, 6)}`;
};
/** The demo data's invoices are two weeks back (002 and 003): the week the walk opens to remove one. */
const invoicedWeek = weekBack(2);
/**
 * Last week, all worked, with timesheets still waiting for approval. Not this week: a walk that crosses midnight into
 * a Monday would open a week of shifts not worked yet, where Approve All has nothing to approve.
 */
const timesheetWeek = weekBack(1);

/** Screens that act on one restaurant (requesting its invoice) have it chosen in their Location field first. */
async function pickRestaurant(page: Page) {
  const location = page.getByRole('combobox', { name: 'Location' });
  await location.click();
  await location.fill('Pizza Palace Camden');
  await page.getByRole('option', { name: 'Pizza Palace Camden' }).click();
}

/** On a phone the board shows one restaurant at a time: the first one is picked before opening its dialogs. */
async function pickPhoneRestaurant(page: Page, phone: boolean) {
  if (!phone) return;
  await page.getByRole('combobox', { name: 'Restaurant' }).click();
  await page.getByRole('option').nth(1).click(); // the first is the 'Choose a restaurant' placeholder
}

/**
 * Publish asks first only when there is something to publish: on a phone, restaurants are tried until one has. Late
 * in the week (a Sunday) the days left may hold no drafts; the next week, the one the office publishes, is tried then.
 */
async function publishSomething(page: Page) {
  const publish = page.getByRole('button', { name: /^Publish Shifts \[/ });
  const nothing = async () => (await publish.textContent())?.includes('[0]');
  /** The count follows the range's shifts, which arrive a moment after the board is shown. */
  const settled = async () => {
    for (let waited = 0; waited < 5_000 && (await nothing()); waited += 250) await page.waitForTimeout(250);
  };
  for (let range = 0; range < 2; range++) {
    if (range) await page.getByRole('button', { name: 'Next', exact: true }).click();
    await settled();
    const phone = await page.getByRole('combobox', { name: 'Restaurant' }).isVisible();
    for (let i = 1; phone && i < 12 && (await nothing()); i++) {
      await page.getByRole('combobox', { name: 'Restaurant' }).click();
      if (i >= (await page.getByRole('option').count())) {
        await page.keyboard.press('Escape');
        break;
      }
      await page.getByRole('option').nth(i).click();
      await settled();
    }
    if (!(await nothing())) return publish.click();
  }
  throw new Error('nothing to publish this week or the next');
}

export const DIALOG_SCREENS: DialogScreen[] = [
  {
    path: '/schedule',
    roles: STAFF,
    prepare: pickPhoneRestaurant,
    dialogs: [
      { name: 'shift', open: chipMenu(/, Published, /, 'Edit') },
      { name: 'cancel shift', open: chipMenu(CANCELLABLE, 'Cancel shift') },
      { name: 'new shift', open: byKeyboard((page) => page.getByRole('button', { name: /^Add shift at / })) },
      { name: 'fill open shifts', open: button('Fill open shifts') },
      { name: 'copy shifts', open: button('Copy shifts') },
      { name: 'publish confirm', open: publishSomething },
      { name: 'day menu', open: button(/drivers on \d\d\/\d\d\/\d{4}/) },
    ],
  },
  {
    path: '/schedulerestaurant',
    roles: [RESTAURANT_ROLE],
    prepare: pickPhoneRestaurant,
    dialogs: [
      { name: 'free shift', open: chipMenu(/Open shift\s*, Draft, /, 'Edit') },
      { name: 'new free shift', open: byKeyboard((page) => page.getByRole('button', { name: /^Add shift at / })) },
      { name: 'copy', open: button('Copy') },
      { name: 'publish confirm', open: button(/^Publish shifts \[/) },
    ],
  },
  {
    path: '/drivers',
    roles: ADMIN,
    dialogs: [
      { name: 'register', open: menuThenItem('Add Driver', 'Full driver') },
      { name: 'register half board', open: menuThenItem('Add Driver', 'Half-board driver') },
      { name: 'view', open: menuThenItem(/^Actions for /, 'View Driver') },
      { name: 'edit', open: menuThenItem(/^Actions for /, 'Edit Driver') },
      { name: 'unavailability', open: menuThenItem(/^Actions for /, 'Set Unavailability') },
      { name: 'import', open: button('Import') },
    ],
  },
  {
    path: '/restaurants',
    roles: ADMIN,
    dialogs: [
      { name: 'add', open: button(/^Add( Restaurant)?$/) },
      { name: 'edit', open: button(/^Edit /) },
      { name: 'delete', open: button(/^Remove /) },
      { name: 'drivers working here', open: button(/^Drivers working at /) },
      { name: 'import', open: button('Import') },
    ],
  },
  {
    path: '/home',
    roles: [RESTAURANT_ROLE],
    dialogs: [{ name: 'profile', open: button(/^Edit profile of /) }],
  },
  {
    path: '/users',
    roles: ADMIN,
    dialogs: [
      { name: 'create', open: button(/^Create( Administrator)?$/) },
      { name: 'edit', open: button(/^Edit user /) },
      { name: 'remove', open: enabledButton(/^Remove user /) },
    ],
  },
  {
    path: '/options',
    roles: STAFF,
    dialogs: [
      { name: 'edit', open: button(/^Edit /) },
      { name: 'push message', open: button('Send Push Message') },
    ],
  },
  {
    path: '/areas',
    roles: ADMIN,
    dialogs: [
      { name: 'add', open: button('Add Area') },
      { name: 'edit', open: button(/^Edit area /) },
      { name: 'delete', open: button(/^Remove area /) },
    ],
  },
  {
    path: '/newsfeed',
    roles: STAFF,
    // A post's own buttons show once it is opened; a manager edits only their own posts.
    prepare: (page, _phone, email) => page.getByRole('button', { name: new RegExp(`${AUTHORS[email] ?? ''}.*read\\)`) }).first().click(),
    dialogs: [
      { name: 'new post', open: button('New Post') },
      { name: 'edit post', open: button('Edit'), roles: ADMIN },
      { name: 'reply', open: button('Add Reply') },
      { name: 'delete post', open: button('Delete'), roles: ADMIN },
    ],
  },
  {
    path: '/invoices',
    roles: STAFF,
    prepare: pickRestaurant,
    dialogs: [{ name: 'request', open: button('Request invoice') }],
  },
  {
    path: `/invoices?${invoicedWeek}`,
    roles: ADMIN,
    dialogs: [{ name: 'remove', open: button(/^Remove invoice /) }],
  },
  {
    path: `/timesheet?${timesheetWeek}`,
    roles: STAFF,
    prepare: pickRestaurant,
    dialogs: [
      { name: 'new timesheet', open: button('New timesheet') },
      { name: 'request invoice', open: button('Request invoice') },
      { name: 'approve all confirm', open: button(/^Approve All \[/) },
    ],
  },
  {
    path: '/timesheetrestaurant',
    roles: [RESTAURANT_ROLE],
    prepare: pickRestaurant,
    dialogs: [{ name: 'request invoice', open: button('Request invoice') }],
  },
];

/** The surface a step opened: the last modal layer (dialog, menu popover or drawer) on the page. */
const openLayer = (page: Page) => page.locator('.MuiDialog-root, .MuiPopover-root:not(.MuiMenu-root), .MuiDrawer-modal').last();

/**
 * Opens one dialog and lists what is wrong with it: serious or critical axe failures inside it, and on a phone a
 * dialog wider than the window, buttons cut off at its edge, or content scrolling sideways. Closes it with Escape.
 */
export async function checkDialog(page: Page, step: DialogStep, where: string, shots?: string): Promise<string[]> {
  await step.open(page);
  const layer = openLayer(page);
  await layer.waitFor({ state: 'visible', timeout: 15_000 });
  // The dialog's own data (its lists, a preview) arrives, and its transitions end (a button enabled by that data
  // fades to its colour), before axe reads colours and names.
  await layer.locator('[role=progressbar]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { timeout: 5_000 }).catch(() => {});
  const failures = (await seriousAxeViolations(page, '.MuiDialog-root, .MuiPopover-root, .MuiDrawer-modal')).map((v) => `${where}: ${v}`);
  for (const problem of await layoutProblems(layer)) failures.push(`${where}: ${problem}`);
  if (shots) await page.screenshot({ path: path.join(shots, `${where.replace(/[^\w]+/g, '-')}.png`) });
  await page.keyboard.press('Escape');
  await layer.waitFor({ state: 'detached', timeout: 10_000 }).catch(() => failures.push(`${where}: Escape does not close it`));
  return failures;
}

/**
 * Closes whatever a step left open (a menu a failed step opened), so the next step starts from the screen. The focus
 * a closed dialog gives back to its button shows that button's tooltip, which would cover the row's next button (a
 * user's Remove next to the Edit just closed): the focus is let go as a user clicking elsewhere would.
 */
export async function closeLayers(page: Page): Promise<void> {
  await closeOpenLayers(page);
  await page.locator('.MuiTooltip-popper').first().waitFor({ state: 'detached', timeout: 3_000 }).catch(() => {});
}

/** Sideways overflow of a dialog at the window's width, measured in the page. */
function layoutProblems(layer: Locator): Promise<string[]> {
  return layer.evaluate((root) => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const paper = root.querySelector('.MuiDialog-paper, .MuiPopover-paper, .MuiDrawer-paper') ?? root;
    const box = paper.getBoundingClientRect();
    if (box.left < -1 || box.right > width + 1) problems.push(`the dialog spans ${Math.round(box.left)}–${Math.round(box.right)}px of a ${width}px window`);
    for (const b of paper.querySelectorAll('button')) {
      const r = b.getBoundingClientRect();
      if (r.width && (r.left < box.left - 1 || r.right > Math.min(box.right, width) + 1)) problems.push(`button '${b.textContent?.trim() || b.getAttribute('aria-label')}' is cut off at ${Math.round(r.right)}px`);
    }
    for (const el of paper.querySelectorAll<HTMLElement>('*')) {
      const style = getComputedStyle(el);
      if (el.scrollWidth > el.clientWidth + 1 && /auto|scroll/.test(style.overflowX) && !el.closest('table, [role=grid], .MuiTableContainer-root')) {
        problems.push(`${el.className.toString().split(' ')[0] || el.tagName.toLowerCase()} scrolls ${el.scrollWidth - el.clientWidth}px sideways`);
      }
    }
    return problems;
  });
}

/** Where screenshots of the dialogs go when DIALOG_SCREENSHOTS names a folder (to look at them on a phone's width). */
export function screenshotFolder(): string | undefined {
  const dir = process.env.DIALOG_SCREENSHOTS;
  if (dir) fs.mkdirSync(dir, { recursive: true });
  return dir;
}
