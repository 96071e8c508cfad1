/** Staff role codes as the API sends them (spec 1, section 9). */
export const ROLE = {
  administrator: 10,
  manager: 20,
} as const;
export type StaffRole = (typeof ROLE)[keyof typeof ROLE];

/** Restaurant accounts carry the string role 'restaurant' in the stored user. */
export const RESTAURANT_ROLE = 'restaurant' as const;

/** What the panel keeps as `role` for the logged-in account. */
export type PanelRole = StaffRole | typeof RESTAURANT_ROLE;

/** Who a bearer token belongs to. Drivers log in to the API only (their app is not ours). */
export type AccountKind = 'user' | 'restaurateur' | 'driver';

export const ROLE_LABELS: Record<StaffRole, string> = {
  [ROLE.administrator]: 'Administrator',
  [ROLE.manager]: 'Manager',
};

export function isStaffRole(value: unknown): value is StaffRole {
  return value === ROLE.administrator || value === ROLE.manager;
}
