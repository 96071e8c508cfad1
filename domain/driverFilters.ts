import { DATA_FULL_COMPLETE } from './dataFull';
import { DRIVER_PROGRESSING, DRIVER_STATUS } from './statuses';

/**
 * The drivers list's status filter (spec 2, section 4). The codes are what the screen sends as
 * GET /api/driver?status=: 10 and 20 are the driver statuses themselves, 30 means every driver (not only
 * applicants, whose status is also 30), and 120-150 are the filters over Data Full and the progressing flag.
 */
export const DRIVER_FILTER = {
  all: 30,
  completed: 120,
  incomplete: 130,
  notProgressing: 140,
  progressing: 150,
  active: 10,
  inactive: 20,
} as const;

export type DriverFilterCode = (typeof DRIVER_FILTER)[keyof typeof DRIVER_FILTER];

/** The filter's choices in the order the screen lists them. */
export const DRIVER_FILTER_CHOICES: readonly { code: DriverFilterCode; label: string }[] = [
  { code: DRIVER_FILTER.all, label: 'All' },
  { code: DRIVER_FILTER.completed, label: 'Completed' },
  { code: DRIVER_FILTER.incomplete, label: 'Incomplete' },
  { code: DRIVER_FILTER.notProgressing, label: 'Not Progressing' },
  { code: DRIVER_FILTER.progressing, label: 'Progressing' },
  { code: DRIVER_FILTER.active, label: 'Only active' },
  { code: DRIVER_FILTER.inactive, label: 'Only inactive' },
];

const CODES = new Set<number>(Object.values(DRIVER_FILTER));

/**
 * Reads GET /api/driver?status= : a known code, else (absent, blank or unknown) the active drivers, as the list is
 * fetched by default (spec 2, section 4). 30 lists every driver.
 */
export function readDriverFilter(value: unknown): DriverFilterCode {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return CODES.has(n) ? (n as DriverFilterCode) : DRIVER_FILTER.active;
}

/**
 * Whether a driver passes the filter. Completed and Incomplete concern applicants only (status 30, spec 2
 * section 4); Not Progressing and Progressing look at the flag whatever the status, since the row menu
 * toggles it on any driver.
 */
export function matchesDriverFilter(
  driver: { status: number; not_progressing: number; data_full: number },
  code: DriverFilterCode | null,
): boolean {
  switch (code) {
    case DRIVER_FILTER.active:
      return driver.status === DRIVER_STATUS.active;
    case DRIVER_FILTER.inactive:
      return driver.status === DRIVER_STATUS.inactive;
    case DRIVER_FILTER.completed:
      return driver.status === DRIVER_STATUS.registered && driver.data_full >= DATA_FULL_COMPLETE;
    case DRIVER_FILTER.incomplete:
      return driver.status === DRIVER_STATUS.registered && driver.data_full < DATA_FULL_COMPLETE;
    case DRIVER_FILTER.notProgressing:
      return driver.not_progressing === DRIVER_PROGRESSING.notProgressing;
    case DRIVER_FILTER.progressing:
      return driver.not_progressing === DRIVER_PROGRESSING.progressing;
    default:
      return true;
  }
}
