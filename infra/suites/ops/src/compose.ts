// Reading docker-compose.yml the way `docker compose` does for the parts the ops checks need: YAML with
// merge keys (`<<: *app`), and `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?error}` and
// `${VAR?error}` interpolation from an env file.
import { parse } from 'yaml';

export interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile?: string; args?: Record<string, string> } | string;
  environment?: Record<string, string | number | boolean | null> | string[];
  ports?: Array<string | { published?: string | number; target: number; host_ip?: string }>;
  healthcheck?: { test: string[] | string; disable?: boolean };
  depends_on?: string[] | Record<string, { condition?: string }>;
  [key: string]: unknown;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  [key: string]: unknown;
}

export function parseCompose(text: string): ComposeFile {
  return parse(text, { merge: true }) as ComposeFile;
}

export interface Interpolation {
  value: string;
  /** Variables read from the env file, and those that must be set (`:?` / `?`). */
  uses: string[];
  requires: string[];
}

/** Interpolates one value with `vars` (an unset variable without a default is an empty string). */
export function interpolate(text: string, vars: Record<string, string>): Interpolation {
  const uses: string[] = [];
  const requires: string[] = [];
  const value = text.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])((?:[^}\\]|\\.)*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (match, braced: string | undefined, colon: string, op: string, arg: string, bare: string | undefined) => {
      if (match === '$$') return '$';
      const name = (braced ?? bare)!;
      uses.push(name);
      const set = colon ? Boolean(vars[name]) : name in vars;
      if (op === '?') {
        requires.push(name);
        if (!set) throw new Error(`${name}: ${arg || 'required'}`);
      }
      if (op === '-' && !set) return interpolate(arg, vars).value;
      return vars[name] ?? '';
    },
  );
  return { value, uses, requires };
}

/** A service's environment as a map (list form `KEY=VALUE` included), before interpolation. */
export function environmentOf(service: ComposeService): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env))
    return Object.fromEntries(
      env.map((entry) => {
        const eq = entry.indexOf('=');
        return eq < 0 ? [entry, ''] : [entry.slice(0, eq), entry.slice(eq + 1)];
      }),
    );
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? '' : String(v)]));
}

/** The published ports of a service as [host interface, host port, container port]. */
export function publishedPorts(
  service: ComposeService,
  vars: Record<string, string>,
): Array<[string, string, string]> {
  return (service.ports ?? []).map((port) => {
    if (typeof port !== 'string')
      return [port.host_ip ?? '0.0.0.0', String(port.published ?? ''), String(port.target)];
    const parts = interpolate(port, vars).value.split(':');
    if (parts.length === 3) return [parts[0]!, parts[1]!, parts[2]!];
    if (parts.length === 2) return ['0.0.0.0', parts[0]!, parts[1]!];
    return ['0.0.0.0', '', parts[0]!];
  });
}
