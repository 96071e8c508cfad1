// The server's Content-Security-Policy forbids eval. zod compiles fast object parsers with new Function when it may,
// and probes for that on first use: told not to, it neither probes nor compiles, and the browser reports no violation.
// The browser build takes 'zod' from here (vite.config.ts), so the setting is made as zod loads, before any module
// that imports it builds a schema, in whichever chunk first needs it (the login page needs none).
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { z, default } from 'zod/v4';
