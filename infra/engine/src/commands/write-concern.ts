import { err } from '../errors.ts';
import { isPlainObject, type Doc } from '../storage/values.ts';

/**
 * A standalone server accepts w: 0, 1 and "majority" (every write is applied and
 * journaled before the reply); w > 1 cannot be satisfied without replication.
 */
export function checkWriteConcern(cmd: Doc): void {
  const wc = cmd.writeConcern;
  if (wc === undefined || wc === null) return;
  if (!isPlainObject(wc)) throw err('FailedToParse', 'writeConcern must be an object');
  const w = wc.w;
  if (typeof w === 'number' && w > 1)
    throw err('BadValue', "cannot use 'w' > 1 when a host is not replicated");
  if (typeof w === 'string' && w !== 'majority')
    throw err(
      'UnknownReplWriteConcern',
      `No write concern mode named '${w}' found in replica set configuration`,
    );
}
