/** Builds dist/ when it is missing or older than a source of the web app. */
export function buildWebAppIfStale(): void;
