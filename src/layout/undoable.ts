/**
 * The calls whose action the snackbar offers to take back (the schedule board's actions, timesheet approval), with
 * what the snackbar says of them.
 */
const UNDOABLE: { method: string; path: RegExp; label: string }[] = [
  { method: 'POST', path: /^\/api\/shift$/, label: 'Shift created' },
  { method: 'PUT', path: /^\/api\/shift\/\d+$/, label: 'Shift saved' },
  { method: 'DELETE', path: /^\/api\/shift\/\d+$/, label: 'Shift deleted' },
  { method: 'POST', path: /^\/api\/shift\/publish$/, label: 'Shifts published' },
  { method: 'POST', path: /^\/api\/shift\/unpublish$/, label: 'Shifts unpublished' },
  { method: 'POST', path: /^\/api\/shift\/remove$/, label: 'Shifts deleted' },
  { method: 'POST', path: /^\/api\/shift\/copyshifts$/, label: 'Shifts pasted' },
  { method: 'POST', path: /^\/api\/shift\/fill$/, label: 'Open shifts filled' },
  { method: 'POST', path: /^\/api\/reporting\/create$/, label: 'Shift cancelled' },
  { method: 'POST', path: /^\/api\/shift\/\d+\/cover$/, label: 'Shift covered' },
  { method: 'POST', path: /^\/api\/timesheet\/approve$/, label: 'Timesheets approved' },
  { method: 'PUT', path: /^\/api\/timesheet\/\d+$/, label: 'Timesheet saved' },
];

/** What the snackbar says of a write it may take back, or null. */
export function undoLabel(method: string, path: string): string | null {
  return UNDOABLE.find((u) => u.method === method && u.path.test(path))?.label ?? null;
}
