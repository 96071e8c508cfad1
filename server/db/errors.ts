/** PostgreSQL's unique_violation, raised the same way by PGlite and node-postgres. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}
