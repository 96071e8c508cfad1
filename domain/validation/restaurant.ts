import { RESTAURANT_STATUS } from '../statuses';

/**
 * A restaurant as GET /api/restaurant answers it (spec 2, section 3 'Restaurant'): both spellings the spec
 * uses for the contact name and the area id, the area with its pay rates, and the restaurant account
 * (restaurateur) that logs in for it, whose e-mail is the restaurant's `email`.
 */
export interface RestaurantRecord {
  id: number;
  name: string;
  contactName: string;
  contact_name: string;
  address: string;
  postcode: string | null;
  telephone: string;
  email: string | null;
  business_email: string | null;
  area_id: number;
  areaId: number;
  area: { id: number; name: string; standardPayRate: number; weekendPayRate: number };
  status: number;
  standard_pay: number | null;
  weekend_pay: number | null;
  invoice_comission: number | null;
  booking_fee: number | null;
  send_invoice: number;
  map_latitude: number | null;
  map_longitude: number | null;
  meal: string | null;
  uniform: string | null;
  cash_orders: string | null;
  waiting_location: string | null;
  other: string | null;
  bonus_target: string | null;
  logo_src: string | null;
  restaurateur: { id: number; name: string; email: string } | null;
  restaurateur_id: number | null;
}

/**
 * Reads GET /api/restaurant?status= : 10 (active) or 20 (inactive) narrow the list; absent, blank or any
 * other value lists both, so screens that need every restaurant (reports, invoices) ask without it.
 */
export function readRestaurantStatus(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return n === RESTAURANT_STATUS.active || n === RESTAURANT_STATUS.inactive ? n : undefined;
}
