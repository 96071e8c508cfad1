import { formatPounds } from './money';
import { readMapCenter, OPTION_KEY, OPTION_MSG } from './validation/option';
import { WORKING_TIME_OPTION } from './workingTime';
import { ATTENDANCE_OPTION } from './attendance';

/**
 * What each option is, in words office staff use: its label, a short explanation, its unit, its group on the
 * Options screen, the editor that fits its value, and who may change it. The screen shows these and never the key;
 * the server refuses a change with the same rule the screen uses to offer Edit.
 */

export const OPTION_GROUPS = [
  { id: 'payAndBilling', label: 'Pay and billing' },
  { id: 'workingTime', label: 'Working time' },
  { id: 'dayOfService', label: 'Day of service' },
  { id: 'map', label: 'Map' },
  { id: 'other', label: 'Other' },
] as const;
type OptionGroupId = (typeof OPTION_GROUPS)[number]['id'];

/** The editor a value needs: pounds, whole hours, days or minutes, a map centre, or plain text. */
type OptionKind = 'money' | 'hours' | 'days' | 'minutes' | 'mapCentre' | 'text';

/**
 * The action of RULES.options (domain/access.ts) that changing an option needs: `edit` (administrators and
 * managers) or `editRates` (administrators only: what drivers are paid, restaurants billed, or may be planned).
 */
type OptionEditAction = 'edit' | 'editRates';

export interface OptionFacts {
  label: string;
  explanation: string;
  /** Said after the value and beside its field: '£ per delivery', 'hours'. */
  unit: string;
  kind: OptionKind;
  group: OptionGroupId;
  editAction: OptionEditAction;
  /** The server's answer (403) when someone without `editAction` tries. */
  refusal?: string;
}

const payRate = (label: string, explanation: string, unit: string): OptionFacts => ({
  label,
  explanation,
  unit,
  kind: 'money',
  group: 'payAndBilling',
  editAction: 'editRates',
  refusal: OPTION_MSG.administratorsOnly,
});

const limit = (label: string, explanation: string, kind: 'hours' | 'days', unit: string): OptionFacts => ({
  label,
  explanation,
  unit,
  kind,
  group: 'workingTime',
  editAction: 'editRates',
  refusal: OPTION_MSG.workingTimeAdministratorsOnly,
});

const attendance = (label: string, explanation: string): OptionFacts => ({
  label,
  explanation,
  unit: 'minutes after the start',
  kind: 'minutes',
  group: 'dayOfService',
  editAction: 'editRates',
  refusal: OPTION_MSG.attendanceAdministratorsOnly,
});

/** The options the app reads (spec 1 section 3, spec 2 section 3, spec 3 section 3, working time), in screen order. */
export const OPTION_FACTS: Readonly<Record<string, OptionFacts>> = {
  [OPTION_KEY.fuelBonus0]: payRate('Fuel bonus, 0–3 miles', 'Paid to the driver for each delivery of up to 3 miles.', '£ per delivery'),
  [OPTION_KEY.fuelBonus3]: payRate('Fuel bonus, 3–6 miles', 'Paid to the driver for each delivery of 3 to 6 miles.', '£ per delivery'),
  [OPTION_KEY.fuelBonus6]: payRate('Fuel bonus, over 6 miles', 'Paid to the driver for each delivery of more than 6 miles.', '£ per delivery'),
  [OPTION_KEY.invoiceComission]: payRate(
    'Standard invoice commission',
    'Charged per invoiced hour to restaurants that have no commission of their own.',
    '£ per hour',
  ),
  [OPTION_KEY.bookingFee]: payRate('Standard booking fee', 'Charged once per invoice to restaurants that have no booking fee of their own.', '£ per invoice'),
  [WORKING_TIME_OPTION.minRestHours]: limit('Minimum rest between shifts', 'The fewest hours a driver rests between two shifts.', 'hours', 'hours'),
  [WORKING_TIME_OPTION.maxWeekHours]: limit(
    'Maximum hours in a week',
    'The most hours planned for a driver from Monday to Sunday, unless the driver opted out.',
    'hours',
    'hours per week',
  ),
  [WORKING_TIME_OPTION.maxConsecutiveDays]: limit('Maximum days in a row', 'The most days in a row a driver works.', 'days', 'days'),
  [ATTENDANCE_OPTION.lateMinutes]: attendance('Late After', 'A driver who has not started a shift this long after its start is shown and reported as late.'),
  [ATTENDANCE_OPTION.noShowMinutes]: attendance('No-Show After', 'A driver who has not started a shift this long after its start is shown and reported as a no-show.'),
  [OPTION_KEY.mapCenterDefault]: {
    label: 'Map starting point',
    explanation: 'Where the maps of the app open: their centre and zoom.',
    unit: 'latitude, longitude and zoom',
    kind: 'mapCentre',
    group: 'map',
    editAction: 'edit',
  },
};

/** The facts of a key; a key the app does not know is shown by its description as plain text. */
export function optionFacts(okey: string, description?: string | null): OptionFacts {
  return (
    OPTION_FACTS[okey] ?? {
      label: description?.trim() || 'Unnamed option',
      explanation: '',
      unit: '',
      kind: 'text',
      group: 'other',
      editAction: 'edit',
    }
  );
}

/** Where a key sorts on the screen: the catalogue's order, unknown keys last. */
export function optionOrder(okey: string): number {
  const index = Object.keys(OPTION_FACTS).indexOf(okey);
  return index < 0 ? Number.MAX_SAFE_INTEGER : index;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A stored value in words: '£1.50 per delivery', '11 hours', 'Latitude 51.4, longitude 0, zoom 12'. */
export function formatOptionValue(okey: string, ovalue: string): string {
  const facts = optionFacts(okey);
  const n = Number(ovalue);
  switch (facts.kind) {
    case 'money':
      return Number.isFinite(n) && ovalue.trim() ? `${formatPounds(n)}${facts.unit.replace(/^£/, '')}` : ovalue;
    case 'hours':
      return Number.isFinite(n) ? `${plural(n, 'hour', 'hours')}${facts.unit.replace(/^hours/, '')}` : ovalue;
    case 'days':
      return Number.isFinite(n) ? plural(n, 'day', 'days') : ovalue;
    case 'minutes':
      return Number.isFinite(n) ? `${plural(n, 'minute', 'minutes')} after the start` : ovalue;
    case 'mapCentre': {
      const centre = readMapCenter(ovalue);
      return `Latitude ${centre.lat}, longitude ${centre.lng}, zoom ${centre.map_zoom}`;
    }
    default:
      return ovalue;
  }
}
