import type { Page, Route } from 'playwright-core';
import { ROLE, RESTAURANT_ROLE, type PanelRole } from '../../domain/roles';
import { OWN_MSG } from '../../domain/messages';
import { tryChipsFromTheEnd } from './chipTries';
import { closeLayers } from './layers';
import { movementEnded } from './axe';

export { closeLayers };

/**
 * The states a working office sees beyond a quiet screen, for the accessibility walk: unread alerts and their list,
 * a form showing its messages, a refusal from the server, a list loading and a list empty, the board's menus, the
 * Undo snackbar and an expanded History row. Each state is reached as a user reaches it; `leave` puts the screen
 * back (closes what is open, takes an action back) so the next state starts from a plain screen.
 */
export interface OfficeState {
  name: string;
  roles: PanelRole[];
  /** Brings the page into the state; throws when it cannot be reached. */
  enter: (page: Page, ctx: StateContext) => Promise<void>;
  /** Undoes what `enter` left behind (an unheld request, a published shift). */
  leave?: (page: Page, ctx: StateContext) => Promise<void>;
}
export interface StateContext {
  url: string;
  phone: boolean;
}

const STAFF = [ROLE.administrator, ROLE.manager];
const ADMIN = [ROLE.administrator];
const RESTAURANT = [RESTAURANT_ROLE];
/** A period long before the demo's data: every dated list is empty in it. */
const EMPTY_WEEK = 'interval=week&from=2001-01-01&to=2001-01-07';

/** The page has drawn its screen: no request in flight, no spinner. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('[role=progressbar]').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => {});
  await movementEnded(page);
}

async function open(page: Page, ctx: StateContext, path: string) {
  await page.goto(ctx.url + path);
  await settle(page);
}

const dialog = (page: Page) => page.getByRole('dialog').last();

/** Touches every field of the open dialog (focus, then leave it), as a user tabbing through: its messages show. */
async function touchFields(page: Page) {
  const fields = dialog(page).locator('input:not([type=hidden]):not([disabled]):visible, textarea:not([disabled]):visible');
  for (let i = 0; i < (await fields.count()); i++) {
    await fields.nth(i).focus();
    await fields.nth(i).evaluate((el) => (el as HTMLElement).blur());
  }
  await dialog(page).locator('.Mui-error').first().waitFor({ timeout: 10_000 });
  await settle(page);
}

/** Clears a field of the open dialog and leaves it, as a user emptying it. */
async function emptyField(page: Page, label: string) {
  const field = dialog(page).getByRole('textbox', { name: new RegExp(`^${label}`) });
  await field.fill('');
  await field.evaluate((el) => (el as HTMLElement).blur());
}

/** The next writing call of the page is refused as the server refuses an account a change: 403 with its message. */
async function refuseNextWrite(page: Page) {
  const refuse = (route: Route) =>
    route.request().method() === 'GET' ? route.fallback() : route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ message: OWN_MSG.forbidden }) });
  await page.route('**/api/**', refuse, { times: 1 });
}

/** The dialog shows the server's words. */
const refusalShown = (page: Page, text: string | RegExp) => dialog(page).getByText(text).first().waitFor({ timeout: 10_000 });

/**
 * Holds the page's GET calls whose path matches until `release` is called, so the list is seen while it loads.
 * The spinner (or skeleton) must be on screen before axe reads the page.
 */
const held = new WeakMap<Page, () => void>();
async function holdList(page: Page, ctx: StateContext, path: string, apiPath: RegExp) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (u) => apiPath.test(u.pathname),
    async (route) => {
      if (route.request().method() === 'GET') await gate;
      await route.fallback().catch(() => {});
    },
  );
  held.set(page, release);
  await page.goto(ctx.url + path);
  await page.locator('[role=progressbar], .MuiSkeleton-root').first().waitFor({ timeout: 10_000 });
  // The screen still loading, as a user sees it once it stops moving.
  await movementEnded(page);
}
async function releaseList(page: Page) {
  held.get(page)?.();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await settle(page);
}

/** On a phone the board shows one restaurant at a time: the first one is chosen. */
async function pickPhoneRestaurant(page: Page, phone: boolean) {
  if (!phone) return;
  await page.getByRole('combobox', { name: 'Restaurant' }).click();
  await page.getByRole('option').nth(1).click(); // the first is the 'Choose a restaurant' placeholder
  await settle(page);
}

/**
 * Opens the menu of a chip the name matches (by focus and Enter, as by keyboard; the chip's buttons show on
 * hover), trying the chips from the range's end backwards and then the next range (a Sunday's week has one day
 * left). `item`: the menu must offer it.
 */
async function openChipMenu(page: Page, chipName: RegExp, item?: string): Promise<void> {
  for (let range = 0; range < 2; range++) {
    if (range) {
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await settle(page);
    }
    const chips = page.getByRole('button', { name: chipName });
    await chips.first().waitFor({ timeout: 10_000 }).catch(() => undefined);
    const found = await tryChipsFromTheEnd(page, chips, 6, async () => {
      const menu = page.getByRole('menu');
      if (!(await menu.waitFor({ timeout: 5_000 }).then(() => true, () => false))) return false;
      if (!item || (await menu.getByRole('menuitem', { name: item, exact: true }).count())) return true;
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      return false;
    });
    if (found) return settle(page);
  }
  throw new Error(`no chip's menu${item ? ` offers '${item}'` : ' opens'} this range or the next`);
}

const alertsButton = (page: Page) => page.getByRole('button', { name: /^\d+\+? unread alerts?$/ });

/** A screen's add dialog, opened by its button (and menu item), with every field touched so its messages show. */
const dialogWithMessages = (name: string, roles: PanelRole[], path: string, button: string, menuItem?: string): OfficeState => ({
  name,
  roles,
  enter: async (page, ctx) => {
    await open(page, ctx, path);
    await page.getByRole('button', { name: button }).click();
    if (menuItem) await page.getByRole('menuitem', { name: menuItem }).click();
    await touchFields(page);
  },
  leave: closeLayers,
});

/** A list seen while its calls to `apiPath` are held. */
const listLoading = (name: string, roles: PanelRole[], path: string, apiPath: RegExp): OfficeState => ({
  name,
  roles,
  enter: (page, ctx) => holdList(page, ctx, path, apiPath),
  leave: releaseList,
});

/** The dated list at `path` over a week with nothing in it, once it says so. */
const listEmpty = (name: string, roles: PanelRole[], path: string, saying: string): OfficeState => ({
  name,
  roles,
  enter: async (page, ctx) => {
    await open(page, ctx, `${path}?${EMPTY_WEEK}`);
    await page.getByText(saying).first().waitFor({ timeout: 10_000 });
  },
});
const NO_TIMESHEETS = 'No timesheets for these days and filters';
const invoicesEmpty = (roles: PanelRole[], path: string) => listEmpty('Invoices empty', roles, path, 'No invoices in this period');

/** The board at `path` with a published or draft chip's menu open. */
const boardChipMenu = (roles: PanelRole[], path: string): OfficeState => ({
  name: 'board chip menu open',
  roles,
  enter: async (page, ctx) => {
    await open(page, ctx, path);
    await pickPhoneRestaurant(page, ctx.phone);
    await openChipMenu(page, /, (Published|Draft), /);
  },
  leave: closeLayers,
});

export const OFFICE_STATES: OfficeState[] = [
  {
    name: 'unread alerts',
    roles: STAFF,
    enter: async (page, ctx) => {
      await open(page, ctx, '/newsfeed');
      await alertsButton(page).waitFor({ timeout: 10_000 });
    },
  },
  {
    name: 'alerts list open',
    roles: STAFF,
    enter: async (page) => {
      await alertsButton(page).click();
      await page.getByRole('list', { name: 'Alerts list' }).getByRole('button').first().waitFor({ timeout: 10_000 });
      await settle(page);
    },
    leave: closeLayers,
  },
  dialogWithMessages('New Driver with its messages', ADMIN, '/drivers', 'Add Driver', 'Full driver'),
  dialogWithMessages('Add Area with its messages', ADMIN, '/areas', 'Add Area'),
  {
    name: 'Edit Area refused (name taken)',
    roles: ADMIN,
    enter: async (page) => {
      await page.getByRole('combobox', { name: 'Select an area' }).click();
      await page.getByRole('option', { name: 'Camden (London)' }).click();
      await page.getByRole('button', { name: 'Edit area Camden' }).click();
      await dialog(page).getByRole('textbox', { name: /^Area Name/ }).fill('Islington');
      await dialog(page).getByRole('button', { name: 'Save' }).click();
      await refusalShown(page, /Islington/);
      await settle(page);
    },
    leave: closeLayers,
  },
  dialogWithMessages('New Post with its messages', STAFF, '/newsfeed', 'New Post'),
  {
    name: 'New Post refused',
    roles: STAFF,
    enter: async (page) => {
      await page.getByRole('button', { name: 'New Post' }).click();
      await dialog(page).getByRole('textbox', { name: /^Title/ }).fill('Bank holiday rota');
      await dialog(page).locator('.ProseMirror').fill('Shifts for the bank holiday are on the board.');
      // A manager addresses the post to some of their areas (only an administrator may address everyone).
      const areas = dialog(page).getByRole('combobox', { name: /^Areas/ });
      if (await areas.isVisible()) {
        await areas.click();
        await page.getByRole('option').first().click();
        if (await page.getByRole('listbox').isVisible()) await page.keyboard.press('Escape');
      }
      await refuseNextWrite(page);
      await dialog(page).getByRole('button', { name: /^(Save|Publish|Post)$/ }).click();
      await refusalShown(page, OWN_MSG.forbidden);
      await settle(page);
    },
    leave: closeLayers,
  },
  listLoading('Drivers loading', ADMIN, '/drivers', /^\/api\/driver$/),
  {
    name: 'Drivers empty',
    roles: ADMIN,
    enter: async (page) => {
      await page.getByRole('searchbox', { name: 'Search drivers' }).or(page.getByRole('textbox', { name: 'Search drivers' })).fill('zzzz-nobody');
      await page.getByText(/^No /).first().waitFor({ timeout: 10_000 });
      await settle(page);
    },
  },
  listLoading('Invoices loading', STAFF, '/invoices', /^\/api\/invoice$/),
  invoicesEmpty(STAFF, '/invoices'),
  listLoading('Invoices loading', RESTAURANT, '/invoicesrestaurant', /^\/api\/invoice$/),
  invoicesEmpty(RESTAURANT, '/invoicesrestaurant'),
  listLoading('Timesheets loading', RESTAURANT, '/timesheetrestaurant', /^\/api\/timesheet/),
  listEmpty('Timesheets empty', STAFF, '/timesheet', NO_TIMESHEETS),
  listEmpty('Timesheets empty', RESTAURANT, '/timesheetrestaurant', NO_TIMESHEETS),
  {
    name: 'profile with its messages',
    roles: RESTAURANT,
    enter: async (page, ctx) => {
      await open(page, ctx, '/home');
      await page.getByRole('button', { name: /^Edit profile of / }).first().click();
      await emptyField(page, 'Contact Name');
      await dialog(page).locator('.Mui-error').first().waitFor({ timeout: 10_000 });
      await settle(page);
    },
    leave: closeLayers,
  },
  {
    name: 'profile refused',
    roles: RESTAURANT,
    enter: async (page) => {
      await page.getByRole('button', { name: /^Edit profile of / }).first().click();
      await dialog(page).getByRole('textbox', { name: /^Contact Name/ }).fill('Maria Bianchi');
      await refuseNextWrite(page);
      await dialog(page).getByRole('button', { name: 'Accept Changes' }).click();
      // The profile says 'Unknown error' for any refusal but a field's (spec 2, section 8).
      await refusalShown(page, 'Unknown error');
      await settle(page);
    },
    leave: closeLayers,
  },
  boardChipMenu(STAFF, '/schedule'),
  {
    name: 'board day menu open',
    roles: STAFF,
    enter: async (page) => {
      await page.getByRole('button', { name: /drivers on \d\d\/\d\d\/\d{4}/ }).first().click();
      await page.locator('.MuiPopover-root, .MuiDialog-root').last().waitFor({ timeout: 10_000 });
      await settle(page);
    },
    leave: closeLayers,
  },
  {
    name: 'snackbar with Undo',
    roles: STAFF,
    enter: async (page) => {
      // A chip the board redraws under the click (live changes of the range) may take the click: tried twice.
      for (let attempt = 0; ; attempt++) {
        try {
          await openChipMenu(page, /Open shift\s*, (Draft|Unpublished), /, 'Publish');
          await page.getByRole('menuitem', { name: 'Publish', exact: true }).click();
          // An open shift's publish asks first (whether to tell the drivers).
          const undo = page.getByRole('button', { name: 'Undo' });
          const confirm = page.getByRole('dialog').getByRole('button', { name: /^Publish/ });
          await undo.or(confirm).first().waitFor({ timeout: 10_000 });
          if (await confirm.isVisible()) await confirm.click();
          await undo.waitFor({ timeout: 10_000 });
          return settle(page);
        } catch (error) {
          if (attempt) throw error;
          await closeLayers(page);
        }
      }
    },
    // The shift goes back to draft, for the next account's walk.
    leave: async (page) => {
      await page.getByRole('button', { name: 'Undo' }).click();
      await page.getByText(/undone/).first().waitFor({ timeout: 10_000 });
    },
  },
  boardChipMenu(RESTAURANT, '/schedulerestaurant'),
  {
    name: 'History row expanded',
    roles: STAFF,
    enter: async (page, ctx) => {
      await open(page, ctx, '/history');
      if (ctx.phone) {
        await page.getByRole('button', { name: 'Show changes' }).first().click();
      } else {
        await page.locator('tbody tr').first().click();
        await page.locator('tbody tr').first().getByRole('button', { expanded: true }).or(page.locator('[aria-expanded=true]')).first().waitFor({ timeout: 10_000 });
      }
      await settle(page);
    },
  },
];
