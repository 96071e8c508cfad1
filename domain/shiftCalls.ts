import type { z } from 'zod';
import type { AttendanceLimits, AttendanceSheet } from './attendance';
import type { DriverPlaces, DriverWorkingTime } from './availability';
import type { CoverCandidate } from './cover';
import type { FillFailure } from './planner';
import type { DateRange } from './ranges';
import type { ShiftRecord } from './shifts';
import type { CancellationInput } from './validation/cancellation';
import type { FillProposalsInput, fillApplySchema } from './validation/fill';
import type { FreeShiftInput, ShiftInput } from './validation/shift';
import type { WORKING_TIME_CONFIRM_FIELD } from './workingTime';

/**
 * The shift calls of the schedule boards (spec 3, section 7) as the screens send them and read their answers. A body
 * holds the dialog's values as typed, which the server reads with the same schema as the dialog (validation/shift.ts).
 */

/** GET /api/shift: a range's shifts, or only those of `ids` among them (the live feed's changed shifts). */
export interface ShiftListQuery {
  range: DateRange;
  ids?: number[];
}

/**
 * POST /api/shift and PUT /api/shift/{id}: the shift's fields, the version it was read at (`updated_at`), whether to
 * notify its drivers, and whether the user confirmed the clashes and working-time warnings of a first try.
 */
export type ShiftBody = { [K in keyof ShiftInput]?: unknown } & {
  id?: number;
  updated_at?: string;
  [WORKING_TIME_CONFIRM_FIELD]?: boolean;
};

/** POST /api/shift/createFree and PUT /api/shift/updateFree/{id}: a restaurant account's own open shift. */
export type FreeShiftBody = { [K in keyof FreeShiftInput]?: unknown };

/** POST /api/reporting/create: a shift's cancellation, with the fee charged to its driver. */
export type CancellationBody = { [K in keyof CancellationInput]?: unknown };

/** POST /api/shift/{id}/cover: the driver chosen and the fee as typed (validation in cover.ts). */
export interface CoverBody {
  driver_id: number;
  fee: string;
  comment: string;
}

/** GET /api/shift/{id}/cover: the shift as it stands and the drivers who could take it now, best first. */
export interface CoverProposals {
  shift: { id: number; restaurant_name: string; period_date: string; start_time: string; finish_time: string; driver_name: string; attendance: string };
  candidates: CoverCandidate[];
}

/** The answer of a call that changes one shift and answers it in a wrapper (a cancellation, a cover). */
export interface ShiftAnswer {
  shift: ShiftRecord;
}

/** POST /api/shift/fill-proposals: the range the board shows and its location (one area, one restaurant, or all). */
export type FillProposalsBody = Pick<FillProposalsInput, 'period_date_from' | 'period_date_to'> & {
  area_id?: number;
  restaurant_id?: number;
};

/** POST /api/shift/fill: the ticked lines, a driver for each open shift. */
export type FillLine = z.output<typeof fillApplySchema>['lines'][number];

/** POST /api/shift/fill: the shifts given their drivers, and the lines that could not be. */
export interface FillAnswer {
  assigned: ShiftRecord[];
  failed: FillFailure[];
}

/** GET /api/shift/attendance: today's attendance facts, the limits and what each shift's timesheet says. */
export interface AttendanceAnswer {
  date: string;
  limits: AttendanceLimits;
  items: { shift_id: number; sheet: AttendanceSheet | null; covered_at?: string | null }[];
}

/** An active driver as the admin board reads it (GET /api/driver?status=10): places and working times too. */
export interface BoardDriver extends DriverWorkingTime, DriverPlaces {
  id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  phone: string | null;
  photo_src: string | null;
  status: number;
  /** Opted out of the 48-hour week. */
  working_time_opt_out?: boolean;
}

/** An active restaurant as the boards read it (GET /api/restaurant?status=10&view=board): its area, pay rates and commission. */
export interface BoardRestaurant {
  id: number;
  name: string;
  area_id: number;
  area: { id: number; name: string; standardPayRate: number; weekendPayRate: number };
  status: number;
  standard_pay: number | null;
  weekend_pay: number | null;
  invoice_comission: number | null;
}

/** An option as GET /api/option answers it, as the board reads its values. */
export interface OptionRow {
  okey: string;
  ovalue: string;
}
