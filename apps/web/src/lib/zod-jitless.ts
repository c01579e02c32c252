// Zod probes for `new Function` when it builds its first object schema, to compile faster parsers.
// Under our Content-Security-Policy (script-src 'self') that probe is refused and reported as a
// violation, so it is turned off before any schema module runs: main.tsx imports this first.
// Zod adopts this global as its config when it loads; setting it here rather than calling
// `config()` keeps zod itself out of the landing page's first load (it is only needed later).
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

export {};
