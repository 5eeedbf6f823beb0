/**
 * MongoDB-shaped errors. Every failure the engine reports carries the same
 * `code` and `codeName` a real server would, so drivers and mongoose react the
 * same way (e.g. `MongoServerError` with code 11000).
 */

export const ErrorCodes = {
  InternalError: 1,
  BadValue: 2,
  /** Codes below are only answered through the failCommand fail point (drivers' retry tests use them). */
  HostUnreachable: 6,
  HostNotFound: 7,
  UnknownError: 8,
  FailedToParse: 9,
  Unauthorized: 13,
  TypeMismatch: 14,
  Overflow: 15,
  IllegalOperation: 20,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  PathNotViable: 28,
  ConflictingUpdateOperators: 40,
  CursorNotFound: 43,
  NetworkTimeout: 89,
  ShutdownInProgress: 91,
  WriteConcernFailed: 64,
  NotWritablePrimary: 10107,
  NotPrimaryNoSecondaryOk: 13435,
  InterruptedAtShutdown: 11600,
  EmptyFieldName: 56,
  UnsupportedOpQueryCommand: 352,
  NamespaceExists: 48,
  CommandNotFound: 59,
  UnknownReplWriteConcern: 79,
  InvalidLength: 16,
  ImmutableField: 66,
  InvalidNamespace: 73,
  CannotCreateIndex: 67,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  CommandNotSupported: 115,
  InvalidOptions: 72,
  NoSuchTransaction: 251,
  NotImplemented: 238,
  DuplicateKey: 11000,
  BSONObjectTooLarge: 10334,
  UnknownField: 40415,
  UnrecognizedPipelineStage: 40324,
  /** `$out` / `$merge` anywhere but last. */
  OutputStageNotLast: 40601,
  /** `$collStats` / `$documents` anywhere but first. */
  SourceStageNotFirst: 40602,
  /** `$merge` with `on` fields no unique index covers. */
  MergeOnFieldsNotUnique: 51183,
  MergeStageNoMatchingDocument: 13113,
  /** `$$name` not defined by `let` (or the stage). */
  UndefinedVariable: 17276,
  /** A projection mixing inclusion and exclusion, named by its second kind. */
  InclusionInExclusion: 31253,
  ExclusionInInclusion: 31254,
} as const;

export type ErrorCodeName = keyof typeof ErrorCodes;

const LOCATION_CODES = new Set<ErrorCodeName>([
  'UnknownField',
  'UnrecognizedPipelineStage',
  'OutputStageNotLast',
  'SourceStageNotFirst',
  'MergeOnFieldsNotUnique',
  'UndefinedVariable',
  'InclusionInExclusion',
  'ExclusionInInclusion',
]);

const NAME_BY_CODE = new Map<number, string>(Object.entries(ErrorCodes).map(([k, v]) => [v, k]));

export function codeNameOf(code: number): string {
  return NAME_BY_CODE.get(code) ?? `Location${code}`;
}

export class MongoError extends Error {
  readonly code: number;
  readonly codeName: string;
  /** Extra fields copied into the error document (e.g. keyPattern/keyValue). */
  readonly extra: Record<string, unknown>;

  constructor(codeName: ErrorCodeName, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.name = 'MongoError';
    this.code = ErrorCodes[codeName];
    // Errors the server raises by numeric assertion id have no symbolic name.
    this.codeName = LOCATION_CODES.has(codeName) ? `Location${this.code}` : codeName;
    this.extra = extra;
  }

  /** The command-level reply for this error: `{ ok: 0, errmsg, code, codeName, ... }`. */
  toReply(): Record<string, unknown> {
    return { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.extra };
  }

  /** A `writeErrors[]` entry for this error at statement `index`. */
  toWriteError(index: number): Record<string, unknown> {
    return { index, code: this.code, errmsg: this.message, ...this.extra };
  }
}

export function err(codeName: ErrorCodeName, message: string, extra?: Record<string, unknown>): MongoError {
  return new MongoError(codeName, message, extra);
}

/** Converts anything thrown while executing a command into a MongoError. */
export function toMongoError(e: unknown): MongoError {
  if (e instanceof MongoError) return e;
  const message = e instanceof Error ? e.message : String(e);
  if (message.startsWith('Use of undefined variable: ')) return new MongoError('UndefinedVariable', message);
  // mingo reports unknown operators and invalid arguments with plain errors; they
  // are caller mistakes, reported as BadValue like the server does.
  if (e instanceof Error && (e.name === 'MingoError' || e.constructor.name === 'MingoError')) {
    return new MongoError('BadValue', message);
  }
  if (e instanceof Error && /unknown|unsupported|not supported|invalid|must be|expected/i.test(message)) {
    return new MongoError('BadValue', message);
  }
  return new MongoError('InternalError', message);
}
