import { config } from 'zod';

// Zod probes for `new Function` when it builds its first object schema, to compile faster parsers.
// Under our Content-Security-Policy (script-src 'self') that probe is refused and reported as a
// violation, so it is turned off before any schema module runs: main.tsx imports this first.
config({ jitless: true });
