/**
 * MongoDB wire protocol framing and message codec.
 *
 * Every message starts with a 16-byte little-endian header:
 *   int32 messageLength (including the header), int32 requestID, int32 responseTo, int32 opCode.
 * Supported requests: OP_MSG (2013), legacy OP_QUERY (2004, used by drivers only for the
 * first handshake) and OP_COMPRESSED (2012) wrapping either, with the noop or zlib
 * compressor. Replies are OP_MSG, or OP_REPLY (1) to an OP_QUERY.
 */
import { deserialize, serialize, type Document } from 'bson';
import { inflateSync } from 'node:zlib';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_COMPRESSED = 2012;
export const OP_MSG = 2013;

export const HEADER_SIZE = 16;
export const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;
export const MAX_MESSAGE_SIZE = 48_000_000;

/** OP_MSG flag bits. */
export const MSG_CHECKSUM_PRESENT = 1 << 0;
export const MSG_MORE_TO_COME = 1 << 1;
export const MSG_EXHAUST_ALLOWED = 1 << 16;

const COMPRESSOR_NOOP = 0;
const COMPRESSOR_ZLIB = 2;

/** A frame that cannot be a valid message: the connection must be closed. */
export class ProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProtocolError';
  }
}

export interface MsgRequest {
  kind: 'msg';
  requestId: number;
  flags: number;
  /** The kind 0 section. */
  body: Document;
  /** Kind 1 sections, by identifier (e.g. `documents`, `updates`, `deletes`). */
  sequences: Map<string, Document[]>;
}

export interface QueryRequest {
  kind: 'query';
  requestId: number;
  flags: number;
  fullCollectionName: string;
  numberToSkip: number;
  numberToReturn: number;
  query: Document;
}

export type Request = MsgRequest | QueryRequest;

const DESERIALIZE_OPTIONS = { promoteLongs: true, promoteValues: true, promoteBuffers: false } as const;

/**
 * Accumulates stream chunks and yields complete frames. Throws ProtocolError on a
 * length that cannot be a message, after which the connection must be closed.
 */
export class FrameDecoder {
  #chunks: Buffer[] = [];
  #buffered = 0;

  push(chunk: Buffer): Buffer[] {
    this.#chunks.push(chunk);
    this.#buffered += chunk.length;
    const frames: Buffer[] = [];
    while (this.#buffered >= 4) {
      const head = this.#peek(4);
      const length = head.readInt32LE(0);
      if (length < HEADER_SIZE || length > MAX_MESSAGE_SIZE) {
        throw new ProtocolError(`invalid message length ${length}`);
      }
      if (this.#buffered < length) break;
      frames.push(this.#take(length));
    }
    return frames;
  }

  #peek(n: number): Buffer {
    if (this.#chunks[0]!.length < n) this.#chunks = [Buffer.concat(this.#chunks)];
    return this.#chunks[0]!;
  }

  #take(n: number): Buffer {
    const all = this.#chunks.length === 1 ? this.#chunks[0]! : Buffer.concat(this.#chunks);
    const frame = all.subarray(0, n);
    const rest = all.subarray(n);
    this.#chunks = rest.length ? [rest] : [];
    this.#buffered = rest.length;
    return frame;
  }
}

function readCString(buf: Buffer, offset: number): [string, number] {
  const end = buf.indexOf(0, offset);
  if (end < 0) throw new ProtocolError('unterminated cstring');
  return [buf.toString('utf8', offset, end), end + 1];
}

function readDocument(buf: Buffer, offset: number, limit: number): [Document, number] {
  if (offset + 5 > limit) throw new ProtocolError('truncated document');
  const size = buf.readInt32LE(offset);
  if (size < 5 || offset + size > limit) throw new ProtocolError(`invalid document size ${size}`);
  try {
    return [deserialize(buf.subarray(offset, offset + size), DESERIALIZE_OPTIONS), offset + size];
  } catch (e) {
    throw new ProtocolError(`invalid BSON: ${(e as Error).message}`);
  }
}

/** Decodes one complete frame (header included). */
export function decodeMessage(frame: Buffer): Request {
  if (frame.length < HEADER_SIZE) throw new ProtocolError('short frame');
  const requestId = frame.readInt32LE(4);
  const opCode = frame.readInt32LE(12);
  switch (opCode) {
    case OP_MSG:
      return decodeMsg(requestId, frame.subarray(HEADER_SIZE));
    case OP_QUERY:
      return decodeQuery(requestId, frame.subarray(HEADER_SIZE));
    case OP_COMPRESSED:
      return decodeCompressed(requestId, frame.subarray(HEADER_SIZE));
    default:
      throw new ProtocolError(`unsupported opCode ${opCode}`);
  }
}

function decodeMsg(requestId: number, body: Buffer): MsgRequest {
  if (body.length < 5) throw new ProtocolError('short OP_MSG');
  const flags = body.readUInt32LE(0);
  // Unknown required bits (0-15) must make the server fail the message.
  if (flags & 0xfffc) throw new ProtocolError(`unsupported OP_MSG flags ${flags}`);
  const end = flags & MSG_CHECKSUM_PRESENT ? body.length - 4 : body.length;
  let offset = 4;
  let main: Document | undefined;
  const sequences = new Map<string, Document[]>();
  while (offset < end) {
    const kind = body[offset++];
    if (kind === 0) {
      if (main) throw new ProtocolError('OP_MSG with two kind 0 sections');
      [main, offset] = readDocument(body, offset, end);
    } else if (kind === 1) {
      if (offset + 4 > end) throw new ProtocolError('truncated document sequence');
      const size = body.readInt32LE(offset);
      const seqEnd = offset + size;
      if (size < 5 || seqEnd > end) throw new ProtocolError(`invalid document sequence size ${size}`);
      let id: string;
      [id, offset] = readCString(body, offset + 4);
      const docs: Document[] = [];
      while (offset < seqEnd) {
        let doc: Document;
        [doc, offset] = readDocument(body, offset, seqEnd);
        docs.push(doc);
      }
      if (sequences.has(id)) throw new ProtocolError(`duplicate document sequence ${id}`);
      sequences.set(id, docs);
    } else {
      throw new ProtocolError(`unknown OP_MSG section kind ${kind}`);
    }
  }
  if (!main) throw new ProtocolError('OP_MSG without a body section');
  return { kind: 'msg', requestId, flags, body: main, sequences };
}

function decodeQuery(requestId: number, body: Buffer): QueryRequest {
  if (body.length < 4) throw new ProtocolError('short OP_QUERY');
  const flags = body.readInt32LE(0);
  const [fullCollectionName, afterName] = readCString(body, 4);
  if (afterName + 8 > body.length) throw new ProtocolError('short OP_QUERY');
  const numberToSkip = body.readInt32LE(afterName);
  const numberToReturn = body.readInt32LE(afterName + 4);
  const [query] = readDocument(body, afterName + 8, body.length);
  return { kind: 'query', requestId, flags, fullCollectionName, numberToSkip, numberToReturn, query };
}

function decodeCompressed(requestId: number, body: Buffer): Request {
  if (body.length < 9) throw new ProtocolError('short OP_COMPRESSED');
  const originalOpcode = body.readInt32LE(0);
  const uncompressedSize = body.readInt32LE(4);
  const compressorId = body[8];
  const payload = body.subarray(9);
  if (uncompressedSize < 0 || uncompressedSize > MAX_MESSAGE_SIZE) {
    throw new ProtocolError(`invalid uncompressed size ${uncompressedSize}`);
  }
  let inner: Buffer;
  if (compressorId === COMPRESSOR_NOOP) inner = payload;
  else if (compressorId === COMPRESSOR_ZLIB) {
    try {
      inner = inflateSync(payload, { maxOutputLength: uncompressedSize });
    } catch (e) {
      throw new ProtocolError(`zlib: ${(e as Error).message}`);
    }
  } else {
    // We never advertise compressors, so a client must not send snappy or zstd.
    throw new ProtocolError(`unsupported compressor ${compressorId}`);
  }
  if (inner.length !== uncompressedSize) throw new ProtocolError('uncompressed size mismatch');
  if (originalOpcode === OP_MSG) return decodeMsg(requestId, inner);
  if (originalOpcode === OP_QUERY) return decodeQuery(requestId, inner);
  throw new ProtocolError(`unsupported compressed opCode ${originalOpcode}`);
}

function header(length: number, requestId: number, responseTo: number, opCode: number): Buffer {
  const h = Buffer.allocUnsafe(HEADER_SIZE);
  h.writeInt32LE(length, 0);
  h.writeInt32LE(requestId, 4);
  h.writeInt32LE(responseTo, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

/** An OP_MSG with a single kind 0 section. */
export function encodeMsg(requestId: number, responseTo: number, doc: Document, flags = 0): Buffer {
  const bson = serialize(doc);
  const length = HEADER_SIZE + 4 + 1 + bson.length;
  const out = Buffer.allocUnsafe(length);
  header(length, requestId, responseTo, OP_MSG).copy(out, 0);
  out.writeUInt32LE(flags, HEADER_SIZE);
  out[HEADER_SIZE + 4] = 0;
  out.set(bson, HEADER_SIZE + 5);
  return out;
}

/** An OP_REPLY carrying `docs` (cursor id 0). */
export function encodeReply(
  requestId: number,
  responseTo: number,
  docs: Document[],
  responseFlags = 0,
): Buffer {
  const bodies = docs.map((d) => serialize(d));
  const length = HEADER_SIZE + 20 + bodies.reduce((n, b) => n + b.length, 0);
  const out = Buffer.allocUnsafe(length);
  header(length, requestId, responseTo, OP_REPLY).copy(out, 0);
  out.writeInt32LE(responseFlags, HEADER_SIZE);
  out.writeBigInt64LE(0n, HEADER_SIZE + 4);
  out.writeInt32LE(0, HEADER_SIZE + 12);
  out.writeInt32LE(docs.length, HEADER_SIZE + 16);
  let offset = HEADER_SIZE + 20;
  for (const b of bodies) {
    out.set(b, offset);
    offset += b.length;
  }
  return out;
}
