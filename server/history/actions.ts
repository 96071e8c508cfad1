/**
 * The named action of a call, as the history shows it; calls not named here are recorded by what they did to
 * each record (created, updated, deleted).
 */
const NAMED: Record<string, string> = {
  'POST /api/shift': 'created',
  'PUT /api/shift/:id': 'edited',
  'DELETE /api/shift/:id': 'deleted',
  'POST /api/shift/publish': 'published',
  'POST /api/shift/unpublish': 'unpublished',
  'POST /api/shift/remove': 'deleted',
  'POST /api/shift/copyshifts': 'pasted',
  'POST /api/shift/createFree': 'created',
  'POST /api/shift/copyShiftsFree': 'pasted',
  'POST /api/shift/moderateFree': 'published',
  'POST /api/shift/fill': 'filled',
  'POST /api/shift/:id/cover': 'covered',
  'POST /api/reporting/create': 'cancelled',
  'POST /api/timesheet/approve': 'approved',
  'POST /api/history/:id/undo': 'undone',
  'POST /api/history/restore/:entryId': 'restored',
  'POST /api/driver/import': 'imported',
  'POST /api/restaurant/import': 'imported',
};

export function actionName(route: string): string | null {
  return NAMED[route] ?? null;
}
