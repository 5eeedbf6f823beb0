/** The `insert` command. */
import { err, toMongoError } from '../errors.ts';
import { withId } from '../storage/update.ts';
import { isPlainObject, type Doc } from '../storage/values.ts';
import { checkFields, collectionName, optionalBool, type CommandHandler } from './context.ts';
import { MAX_WRITE_BATCH_SIZE } from './handshake.ts';
import { checkWriteConcern } from './write-concern.ts';

export function documentsOf(cmd: Doc, ctx: { sequences: Map<string, Doc[]> }, field: string): Doc[] {
  const fromBody = cmd[field];
  const fromSeq = ctx.sequences.get(field);
  if (fromBody !== undefined && fromSeq)
    throw err('BadValue', `Duplicate field '${field}' in body and document sequence`);
  const docs = fromSeq ?? fromBody;
  if (!Array.isArray(docs))
    throw err('TypeMismatch', `BSON field '${Object.keys(cmd)[0]}.${field}' is missing but a required field`);
  if (docs.length > MAX_WRITE_BATCH_SIZE) {
    throw err(
      'InvalidLength',
      `Write batch sizes must be between 1 and ${MAX_WRITE_BATCH_SIZE}. Got ${docs.length} operations.`,
    );
  }
  return docs as Doc[];
}

export function validateId(doc: Doc): void {
  const id = doc._id;
  if (Array.isArray(id)) throw err('BadValue', "The '_id' value cannot be of type array");
  if (id instanceof RegExp) throw err('BadValue', "The '_id' value cannot be of type regex");
  if (id === undefined) throw err('BadValue', "can't use undefined for _id");
}

export const insertCommands: Record<string, CommandHandler> = {
  insert(cmd, ctx) {
    checkFields(cmd, ['documents', 'ordered', 'bypassDocumentValidation']);
    checkWriteConcern(cmd);
    const name = collectionName(cmd, ctx);
    const docs = documentsOf(cmd, ctx, 'documents');
    const ordered = optionalBool(cmd, 'ordered') ?? true;
    const coll = ctx.store.ensureCollection(ctx.db, name);
    const writeErrors: Doc[] = [];
    let n = 0;
    for (let i = 0; i < docs.length; i++) {
      try {
        const raw = docs[i];
        if (!isPlainObject(raw)) throw err('TypeMismatch', 'documents must be objects');
        const doc = withId(raw);
        validateId(doc);
        coll.insert(doc);
        n++;
      } catch (e) {
        writeErrors.push(toMongoError(e).toWriteError(i));
        if (ordered) break;
      }
    }
    const reply: Doc = { n, ok: 1 };
    if (writeErrors.length) reply.writeErrors = writeErrors;
    return reply;
  },
};
