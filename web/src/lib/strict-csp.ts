/*
 * The gateway's Content-Security-Policy allows no `eval` (`script-src 'self'`). zod, which the contracts'
 * schemas are written in, probes once whether it may compile its object parsers with `new Function`: the
 * probe is caught, but Chrome still reports it as a CSP violation (the Issues panel, a
 * `securitypolicyviolation` event, Lighthouse's best practices) on every page that loads the schemas. In
 * "jitless" mode zod skips the probe and parses as it would without eval anyway.
 *
 * zod keeps its configuration on `globalThis.__zod_globalConfig` (shared by every copy of zod on the page)
 * and reads it when it parses, so this is set here, first thing in the entry, without loading zod with the
 * entry (the landing page's JavaScript budget).
 */
interface ZodGlobalConfig {
  jitless?: boolean;
}

const scope = globalThis as typeof globalThis & { __zod_globalConfig?: ZodGlobalConfig };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;

export {};
