/**
 * Which routes take an Idempotency-Key: every POST of the API that a logged-in account calls (the creating calls
 * and the actions: shifts, timesheets, drivers, posts, imports, publishing, approving ...), and the one creating call
 * the spec makes a GET: issuing an invoice (`GET /api/invoice-generate?create_invoice=1`). Not the logins,
 * registration and logout, whose answers are tokens and whose caller has no account yet (or no longer). PUT, PATCH
 * and DELETE set a record to a state, so sending one again does no second write.
 */
const CREATING_GETS = new Set(['/api/invoice-generate']);

export function takesIdempotencyKey(route: { method: string; url: string; loggedIn: boolean }): boolean {
  if (!route.loggedIn || !route.url.startsWith('/api/')) return false;
  if (route.method === 'GET') return CREATING_GETS.has(route.url);
  return route.method === 'POST' && !route.url.startsWith('/api/auth/');
}
