/**
 * The `failCommand` fail point of a mongod started with `enableTestCommands=1`: drivers' and the
 * project's fault tests configure it with `configureFailPoint` to make chosen commands fail with an
 * error code, fail with a write concern error, or drop the connection. Only `failCommand` exists here;
 * `blockConnection` (a delay) is refused, since commands run synchronously.
 */
import { Long } from 'bson';
import { err } from './errors.ts';
import { isPlainObject, type Doc } from './storage/values.ts';

/** What a matching command gets instead of (or besides) its normal reply. */
export interface Injected {
  closeConnection: boolean;
  errorCode?: number;
  errorLabels?: unknown[];
  errmsg?: string;
  writeConcernError?: Doc;
}

interface FailCommand {
  commands: Set<string>;
  appName?: string;
  /** Remaining activations; Infinity for alwaysOn. */
  times: number;
  /** Matching commands to let through before the first activation. */
  skip: number;
  injected: Injected;
}

function count(v: unknown, field: string): number {
  const n = v instanceof Long ? v.toNumber() : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0)
    throw err('TypeMismatch', `'${field}' must be a non-negative integer`);
  return n;
}

export class FailPoints {
  #failCommand: FailCommand | undefined;
  #entered = 0;

  /** The `configureFailPoint` command. */
  configure(cmd: Doc): Doc {
    const name = cmd.configureFailPoint;
    if (name !== 'failCommand')
      throw err(
        'NotImplemented',
        `fail point '${String(name)}' is not supported by the embedded engine (only failCommand)`,
      );
    const mode = cmd.mode;
    const previous = this.#entered;
    if (mode === 'off') {
      this.#failCommand = undefined;
      return { count: previous, ok: 1 };
    }
    let times = Infinity;
    let skip = 0;
    if (isPlainObject(mode)) {
      if ('times' in mode) times = count(mode.times, 'mode.times');
      else if ('skip' in mode) skip = count(mode.skip, 'mode.skip');
      else
        throw err(
          'NotImplemented',
          `fail point mode ${JSON.stringify(mode)} is not supported by the embedded engine`,
        );
    } else if (mode !== 'alwaysOn') {
      throw err('BadValue', "'mode' must be 'alwaysOn', 'off', {times: n} or {skip: n}");
    }
    const data = cmd.data;
    if (!isPlainObject(data) || !Array.isArray(data.failCommands))
      throw err('BadValue', 'failCommand needs data.failCommands, an array of command names');
    for (const option of ['blockConnection', 'blockTimeMS', 'failInternalCommands'] as const) {
      if (data[option] !== undefined && data[option] !== false)
        throw err('NotImplemented', `failCommand '${option}' is not supported by the embedded engine`);
    }
    const injected: Injected = { closeConnection: data.closeConnection === true };
    if (data.errorCode !== undefined) injected.errorCode = count(data.errorCode, 'data.errorCode');
    if (Array.isArray(data.errorLabels)) injected.errorLabels = data.errorLabels;
    if (typeof data.errmsg === 'string') injected.errmsg = data.errmsg;
    if (isPlainObject(data.writeConcernError)) injected.writeConcernError = data.writeConcernError;
    this.#failCommand = {
      commands: new Set(data.failCommands.map(String)),
      times,
      skip,
      injected,
      ...(typeof data.appName === 'string' ? { appName: data.appName } : {}),
    };
    this.#entered = 0;
    return { count: previous, ok: 1 };
  }

  /** What to inject into this command, if the fail point is on and matches it (consuming one activation). */
  match(command: string, appName: string | undefined): Injected | undefined {
    const fp = this.#failCommand;
    if (!fp || command === 'configureFailPoint' || !fp.commands.has(command)) return undefined;
    if (fp.appName !== undefined && fp.appName !== appName) return undefined;
    if (fp.skip > 0) {
      fp.skip--;
      return undefined;
    }
    this.#entered++;
    if (--fp.times <= 0) this.#failCommand = undefined;
    return fp.injected;
  }
}
