import { z } from 'zod';
import { limitOfOption, WORKING_TIME_MAX, workingTimeOptionMessage } from '../workingTime';
import { ATTENDANCE_MAX_MINUTES, ATTENDANCE_OPTION_KEYS, attendanceOptionMessage } from '../attendance';
import { sent } from './wire';

/**
 * Options (spec 1, sections 3, 5 and 9): key/value settings the other screens read. The server and the edit
 * dialog check a value with the same rules, so a value that would break the fuel bonus, the invoice
 * commission or the maps never gets stored.
 */

export const OPTION_KEY = {
  mapCenterDefault: 'map_center_default',
  fuelBonus0: 'fuel_bonus_0',
  fuelBonus3: 'fuel_bonus_3',
  fuelBonus6: 'fuel_bonus_6',
  invoiceComission: 'restaurants_standard_invoice_comission',
  bookingFee: 'restaurants_standard_booking_fee',
} as const;

/**
 * Keys holding an amount in pounds: drivers' fuel bonuses and restaurants' default commission and booking fee. They
 * change what drivers are paid and restaurants are billed, so only administrators change them; managers may change
 * the others (the map's default centre).
 */
const MONEY_OPTION_KEYS: readonly string[] = [
  OPTION_KEY.fuelBonus0,
  OPTION_KEY.fuelBonus3,
  OPTION_KEY.fuelBonus6,
  OPTION_KEY.invoiceComission,
  OPTION_KEY.bookingFee,
];

/** Where maps open without the option (spec 1, section 9). */
export const MAP_CENTER_FALLBACK = { lat: 51.4, lng: 0, map_zoom: 12 } as const;
const OPTION_MONEY_MAX = 999.99;
/** Keys without a rule of their own take text up to this length. */
const OPTION_TEXT_MAX = 1000;
export const MAP_ZOOM_MIN = 1;
export const MAP_ZOOM_MAX = 20;

export const OPTION_MSG = {
  // The spec's option edit dialog reuses the user dialog's messages, wrongly worded (spec 1, section 5 'Option
  // edit'): the key field says 'First name is required.' and the value field 'Last Name is required.'.
  // Kept word for word on purpose; the key is read-only, so users only ever meet the second one.
  keyRequired: 'First name is required.',
  valueRequired: 'Last Name is required.',
  // Our own wording for the cases the spec leaves open.
  money: 'Value must be an amount of 0 or more with at most 2 decimals, e.g. 1.50',
  moneyTooHigh: `Value must be at most ${OPTION_MONEY_MAX.toFixed(2)}`,
  textTooLong: `Value must be at most ${OPTION_TEXT_MAX} characters long`,
  administratorsOnly: 'Only administrators can change pay and billing rates',
  workingTimeAdministratorsOnly: 'Only administrators can change working-time limits',
  attendanceAdministratorsOnly: 'Only administrators can change when a driver is late or a no-show',
  mapJson: 'Value must be JSON like {"lat": 51.4, "lng": 0, "map_zoom": 12}',
  latRequired: 'Latitude is required.',
  latRange: 'Latitude must be a number between -90 and 90',
  lngRequired: 'Longitude is required.',
  lngRange: 'Longitude must be a number between -180 and 180',
  zoomRequired: 'Zoom is required.',
  zoomRange: `Zoom must be a whole number from ${MAP_ZOOM_MIN} to ${MAP_ZOOM_MAX}`,
  keyChanged: 'The key of an option cannot be changed',
  notFound: 'Option not found',
} as const;

export interface MapCenter {
  lat: number;
  lng: number;
  map_zoom: number;
}

const MONEY_PATTERN = /^\d+(\.\d{1,2})?$/;
const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

/** A coordinate or zoom typed as text or sent as a number; null when it is not a plain decimal number. */
function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && DECIMAL_PATTERN.test(value.trim())) return Number(value.trim());
  return null;
}

/** The first problem of a map centre's parts, or null; `field` names the part for the dialog's fields. */
function mapCenterIssue(parts: { lat: unknown; lng: unknown; map_zoom: unknown }): { field: 'lat' | 'lng' | 'map_zoom'; message: string } | null {
  const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim());
  if (blank(parts.lat)) return { field: 'lat', message: OPTION_MSG.latRequired };
  const lat = asNumber(parts.lat);
  if (lat === null || lat < -90 || lat > 90) return { field: 'lat', message: OPTION_MSG.latRange };
  if (blank(parts.lng)) return { field: 'lng', message: OPTION_MSG.lngRequired };
  const lng = asNumber(parts.lng);
  if (lng === null || lng < -180 || lng > 180) return { field: 'lng', message: OPTION_MSG.lngRange };
  if (blank(parts.map_zoom)) return { field: 'map_zoom', message: OPTION_MSG.zoomRequired };
  const zoom = asNumber(parts.map_zoom);
  if (zoom === null || !Number.isInteger(zoom) || zoom < MAP_ZOOM_MIN || zoom > MAP_ZOOM_MAX) {
    return { field: 'map_zoom', message: OPTION_MSG.zoomRange };
  }
  return null;
}

/** Reads a stored map_center_default; the spec's default centre when it is missing or broken. */
export function readMapCenter(ovalue: string | null | undefined): MapCenter {
  try {
    const parsed = JSON.parse(ovalue ?? '') as Record<string, unknown>;
    if (parsed && typeof parsed === 'object' && !mapCenterIssue({ lat: parsed.lat, lng: parsed.lng, map_zoom: parsed.map_zoom })) {
      return { lat: Number(parsed.lat), lng: Number(parsed.lng), map_zoom: Number(parsed.map_zoom) };
    }
  } catch {
    // falls through to the default
  }
  return { ...MAP_CENTER_FALLBACK };
}

export type OptionValueResult = { ok: true; value: string } | { ok: false; message: string };

/**
 * Checks a value for its key and answers the form to store: amounts as plain decimals ('1.50' → '1.5',
 * '03' → '3', as the demo data writes them), the map centre as compact JSON with numbers. Keys without rules
 * take any non-empty text.
 */
export function normaliseOptionValue(okey: string, raw: unknown): OptionValueResult {
  if (okey === OPTION_KEY.mapCenterDefault && raw && typeof raw === 'object') raw = JSON.stringify(raw);
  const text = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!text) return { ok: false, message: OPTION_MSG.valueRequired };

  if (MONEY_OPTION_KEYS.includes(okey)) {
    if (!MONEY_PATTERN.test(text)) return { ok: false, message: OPTION_MSG.money };
    if (Number(text) > OPTION_MONEY_MAX) return { ok: false, message: OPTION_MSG.moneyTooHigh };
    return { ok: true, value: String(Number(text)) };
  }
  const limit = limitOfOption(okey);
  if (limit) {
    const max = WORKING_TIME_MAX[limit];
    return /^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= max ? { ok: true, value: String(Number(text)) } : { ok: false, message: workingTimeOptionMessage(max) };
  }
  if (ATTENDANCE_OPTION_KEYS.includes(okey)) {
    const n = Number(text);
    return /^\d+$/.test(text) && n >= 1 && n <= ATTENDANCE_MAX_MINUTES ? { ok: true, value: String(n) } : { ok: false, message: attendanceOptionMessage };
  }
  if (okey === OPTION_KEY.mapCenterDefault) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { ok: false, message: OPTION_MSG.mapJson };
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false, message: OPTION_MSG.mapJson };
    const parts = parsed as Record<string, unknown>;
    // In stored JSON the parts must be numbers, not numeric strings: the maps read them as numbers.
    const numberOnly = (v: unknown) => (v === undefined || v === null || typeof v === 'number' ? v : NaN);
    const issue = mapCenterIssue({ lat: numberOnly(parts.lat), lng: numberOnly(parts.lng), map_zoom: numberOnly(parts.map_zoom) });
    if (issue) return { ok: false, message: issue.message };
    return { ok: true, value: JSON.stringify({ lat: parts.lat, lng: parts.lng, map_zoom: parts.map_zoom }) };
  }
  if (text.length > OPTION_TEXT_MAX) return { ok: false, message: OPTION_MSG.textTooLong };
  return { ok: true, value: text };
}

/** PUT /api/option/{okey} body. The key comes from the path; a body key, when sent, must be the same one. */
export const optionUpdateSchema = z.object({
  okey: z.string({ error: OPTION_MSG.keyRequired }).trim().min(1, OPTION_MSG.keyRequired).optional(),
  ovalue: sent(z.unknown().optional(), { type: ['string', 'number', 'object', 'null'], description: 'Checked by the rule of its key (the map centre: { lat, lng, map_zoom })' }),
});

/** The edit dialog's plain value form: key read-only, value checked by its key's rule. */
export const optionFormSchema = z
  .object({
    okey: z.string().trim().min(1, OPTION_MSG.keyRequired),
    ovalue: z.string().trim().min(1, OPTION_MSG.valueRequired),
  })
  .superRefine((v, ctx) => {
    const result = normaliseOptionValue(v.okey, v.ovalue);
    if (v.ovalue.trim() && !result.ok) ctx.addIssue({ code: 'custom', path: ['ovalue'], message: result.message });
  });

/** The edit dialog's map_center_default form (no Google Maps key): latitude, longitude and zoom as typed. */
export const mapCenterFormSchema = z
  .object({ okey: z.string(), lat: z.string(), lng: z.string(), map_zoom: z.string() })
  .superRefine((v, ctx) => {
    // Every field's own first problem, so each field shows its message at once.
    const check = (field: 'lat' | 'lng' | 'map_zoom') => {
      const valid = { lat: '0', lng: '0', map_zoom: String(MAP_ZOOM_MIN) };
      const issue = mapCenterIssue({ ...valid, [field]: v[field] });
      if (issue) ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
    };
    check('lat');
    check('lng');
    check('map_zoom');
  });

/** The stored text of a map centre typed into the dialog's fields. */
export function mapCenterValue(v: { lat: string; lng: string; map_zoom: string }): string {
  return JSON.stringify({ lat: Number(v.lat.trim()), lng: Number(v.lng.trim()), map_zoom: Number(v.map_zoom.trim()) });
}
