/**
 * Which routes take an Idempotency-Key: every POST of the API that a logged-in account calls (the creating calls
 * and the actions: shifts, timesheets, drivers, posts, invoices, imports, publishing, approving ...). Not the logins,
 * registration and logout, whose answers are tokens and whose caller has no account yet (or no longer). PUT, PATCH
 * and DELETE set a record to a state, so sending one again does no second write.
 */
export function takesIdempotencyKey(route: { method: string; url: string; loggedIn: boolean }): boolean {
  return route.method === 'POST' && route.loggedIn && route.url.startsWith('/api/') && !route.url.startsWith('/api/auth/');
}
