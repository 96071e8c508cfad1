import { z } from 'zod';

// The server's Content-Security-Policy forbids eval. zod compiles fast object parsers with new Function when it
// may, and probes for that on first use: told not to, it neither probes nor compiles, and the browser reports no
// violation. main.tsx runs this before it loads the app, whose modules build the schemas.
z.config({ jitless: true });
