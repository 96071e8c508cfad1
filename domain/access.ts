import { ROLE, RESTAURANT_ROLE, type AccountKind, type PanelRole, type StaffRole } from './roles';

/** Who may do something. 'staff' = administrators and managers; 'any' = any logged-in account. */
export type Access = 'administrator' | 'manager' | 'staff' | 'restaurant' | 'driver' | 'any';

/** The part of an account that access depends on: its kind and, for staff users, their role (null: none yet). */
export interface Holder {
  kind: AccountKind;
  role?: StaffRole | null;
}

/** Whether an account is let through by any of the `allowed` entries. The server's route checks call this too. */
export function grants(holder: Holder, allowed: readonly Access[]): boolean {
  return allowed.some((a) => {
    if (a === 'any') return true;
    if (a === 'driver') return holder.kind === 'driver';
    if (a === 'restaurant') return holder.kind === 'restaurateur';
    if (holder.kind !== 'user') return false;
    if (a === 'administrator') return holder.role === ROLE.administrator;
    if (a === 'manager') return holder.role === ROLE.manager;
    return holder.role === ROLE.administrator || holder.role === ROLE.manager; // staff
  });
}

/** The panel's stored role as an account: 'restaurant' is a restaurant account, anything else a staff user. */
function holderOf(role: PanelRole | null | undefined): Holder {
  return role === RESTAURANT_ROLE ? { kind: 'restaurateur' } : { kind: 'user', role: role ?? null };
}

const ADMIN: readonly Access[] = ['administrator'];
const STAFF: readonly Access[] = ['staff'];
const RESTAURANT: readonly Access[] = ['restaurant'];

/**
 * The one rule table (spec 1, sections 2-7): per screen / react-admin resource, who may do each action.
 * `list` is opening the screen (and its menu link); `read` is the API's reads, which pickers on other screens use
 * too; `create`, `edit`, `delete` are the writes; other keys are actions of a screen (its buttons). The panel's
 * `canAccess` and the server's route checks for the same resources both read it.
 */
export const RULES = {
  home: { list: ['any'] },
  schedule: { list: STAFF },
  schedulerestaurant: { list: RESTAURANT },
  // Staff write timesheets (restaurant accounts read theirs); only administrators remove one. Managers see the
  // timesheets of their restaurants only: `everyRestaurant` is reaching every restaurant's.
  timesheet: { list: STAFF, edit: STAFF, delete: ADMIN, everyRestaurant: ADMIN },
  timesheetrestaurant: { list: RESTAURANT },
  invoices: { list: STAFF, read: ['staff', 'restaurant'], delete: ADMIN },
  invoicesrestaurant: { list: RESTAURANT },
  newsfeed: { list: STAFF, read: STAFF, create: STAFF, edit: STAFF, delete: STAFF, messageAll: ADMIN },
  reply: { create: STAFF },
  // `history`: the record's own History tab in its dialog.
  drivers: { list: ADMIN, create: ADMIN, edit: ADMIN, history: ADMIN },
  restaurants: { list: ADMIN, create: ADMIN, edit: ADMIN, history: ADMIN },
  areas: { list: ADMIN, read: ['administrator', 'manager'], create: ADMIN, edit: ADMIN, delete: ADMIN },
  reporting: { list: STAFF },
  // Managers undo their own board actions from the snackbar (the server checks the action lies in their scope);
  // the History list offers Undo of any action, and Restore, to administrators.
  history: { list: STAFF, undoListed: ADMIN, restore: ADMIN },
  users: { list: ADMIN, read: ADMIN, create: ADMIN, edit: ADMIN, delete: ADMIN },
  // `editRates`: the options that set pay, billing and working-time limits (domain/options.ts says which).
  options: { list: STAFF, read: STAFF, edit: STAFF, editRates: ADMIN },
  // Restaurant accounts have the bell for their restaurants' late drivers and no-shows (domain/alerts.ts).
  alerts: { list: ['staff', 'restaurant'] },
} as const satisfies Record<string, Record<string, readonly Access[]>>;


/** Who may do `action` on `resource` (nobody for an unknown pair). */
function allowedFor(resource: string, action: string): readonly Access[] {
  const rules = (RULES as Record<string, Record<string, readonly Access[]>>)[resource];
  // A screen's record views (show) follow whoever may open its list.
  return rules?.[action] ?? (action === 'show' ? (rules?.list ?? []) : []);
}

/** Whether the panel's role may do `action` on `resource`: what react-admin's `canAccess` answers. */
export function canAccess(role: PanelRole | null | undefined, resource: string, action: string): boolean {
  return grants(holderOf(role), allowedFor(resource, action));
}
