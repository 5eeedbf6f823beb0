import { deserialize, serialize } from 'bson';
import { deflateSync } from 'node:zlib';
import {
  decodeMessage,
  encodeMsg,
  encodeReply,
  FrameDecoder,
  MSG_MORE_TO_COME,
  OP_COMPRESSED,
  OP_MSG,
  OP_QUERY,
  OP_REPLY,
  ProtocolError,
} from '../src/wire/codec.ts';

function header(length: number, requestId: number, opCode: number): Buffer {
  const h = Buffer.alloc(16);
  h.writeInt32LE(length, 0);
  h.writeInt32LE(requestId, 4);
  h.writeInt32LE(0, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

function opMsg(requestId: number, flags: number, body: object, sequences: [string, object[]][] = []): Buffer {
  const parts: Buffer[] = [];
  const flagBuf = Buffer.alloc(4);
  flagBuf.writeUInt32LE(flags);
  parts.push(flagBuf, Buffer.from([0]), Buffer.from(serialize(body)));
  for (const [id, docs] of sequences) {
    const payload = Buffer.concat([Buffer.from(id + '\0'), ...docs.map((d) => Buffer.from(serialize(d)))]);
    const size = Buffer.alloc(4);
    size.writeInt32LE(4 + payload.length);
    parts.push(Buffer.from([1]), size, payload);
  }
  const content = Buffer.concat(parts);
  return Buffer.concat([header(16 + content.length, requestId, OP_MSG), content]);
}

function opQuery(requestId: number, ns: string, query: object): Buffer {
  const flags = Buffer.alloc(4);
  const nums = Buffer.alloc(8);
  nums.writeInt32LE(0, 0);
  nums.writeInt32LE(-1, 4);
  const content = Buffer.concat([flags, Buffer.from(ns + '\0'), nums, Buffer.from(serialize(query))]);
  return Buffer.concat([header(16 + content.length, requestId, OP_QUERY), content]);
}

describe('wire codec', () => {
  test('an OP_MSG with a body and a document sequence decodes into both, with its flags', () => {
    const frame = opMsg(7, MSG_MORE_TO_COME, { insert: 'c', $db: 'd' }, [
      ['documents', [{ a: 1 }, { a: 2 }]],
    ]);
    const req = decodeMessage(frame);
    expect(req.kind).toBe('msg');
    if (req.kind !== 'msg') return;
    expect(req.requestId).toBe(7);
    expect(req.flags & MSG_MORE_TO_COME).toBeTruthy();
    expect(req.body).toEqual({ insert: 'c', $db: 'd' });
    expect(req.sequences.get('documents')).toEqual([{ a: 1 }, { a: 2 }]);
  });

  test('a legacy OP_QUERY handshake decodes with its namespace and query', () => {
    const req = decodeMessage(opQuery(3, 'admin.$cmd', { isMaster: 1, helloOk: true }));
    expect(req).toMatchObject({ kind: 'query', requestId: 3, fullCollectionName: 'admin.$cmd' });
    if (req.kind === 'query') expect(req.query).toEqual({ isMaster: 1, helloOk: true });
  });

  test('an OP_COMPRESSED message with zlib is inflated to the original OP_MSG', () => {
    const inner = opMsg(9, 0, { ping: 1, $db: 'admin' }).subarray(16);
    const compressed = deflateSync(inner);
    const meta = Buffer.alloc(9);
    meta.writeInt32LE(OP_MSG, 0);
    meta.writeInt32LE(inner.length, 4);
    meta[8] = 2;
    const content = Buffer.concat([meta, compressed]);
    const req = decodeMessage(Buffer.concat([header(16 + content.length, 9, OP_COMPRESSED), content]));
    expect(req.kind === 'msg' && req.body).toEqual({ ping: 1, $db: 'admin' });
  });

  test('an OP_COMPRESSED message with a compressor that was never advertised is a protocol error', () => {
    const meta = Buffer.alloc(9);
    meta.writeInt32LE(OP_MSG, 0);
    meta.writeInt32LE(10, 4);
    meta[8] = 1; // snappy
    const content = Buffer.concat([meta, Buffer.alloc(10)]);
    expect(() =>
      decodeMessage(Buffer.concat([header(16 + content.length, 1, OP_COMPRESSED), content])),
    ).toThrow(ProtocolError);
  });

  test('malformed frames are protocol errors, never crashes', () => {
    expect(() => decodeMessage(Buffer.concat([header(20, 1, 9999), Buffer.alloc(4)]))).toThrow(ProtocolError);
    const truncated = opMsg(1, 0, { ping: 1 });
    truncated.writeInt32LE(9999, 21); // body document claims more bytes than the frame has
    expect(() => decodeMessage(truncated)).toThrow(ProtocolError);
    const badSection = opMsg(1, 0, { ping: 1 });
    badSection[20] = 5;
    expect(() => decodeMessage(badSection)).toThrow(ProtocolError);
    expect(() => decodeMessage(opMsg(1, 1 << 3, { ping: 1 }))).toThrow(/unsupported OP_MSG flags/);
    expect(() => new FrameDecoder().push(header(4, 1, OP_MSG))).toThrow(/invalid message length 4/);
    expect(() => new FrameDecoder().push(header(64 * 1024 * 1024, 1, OP_MSG))).toThrow(ProtocolError);
  });

  test('the frame decoder reassembles frames split across chunks and splits chunks holding several', () => {
    const a = opMsg(1, 0, { ping: 1, $db: 'admin' });
    const b = opMsg(2, 0, { hello: 1, $db: 'admin' });
    const all = Buffer.concat([a, b]);
    const decoder = new FrameDecoder();
    const frames: Buffer[] = [];
    for (let i = 0; i < all.length; i += 3) frames.push(...decoder.push(all.subarray(i, i + 3)));
    expect(frames).toHaveLength(2);
    expect(frames[0]!.equals(a)).toBe(true);
    expect(frames[1]!.equals(b)).toBe(true);
    expect(new FrameDecoder().push(all)).toHaveLength(2);
  });

  test('replies encode as OP_MSG (kind 0 body) and OP_REPLY with the request id they answer', () => {
    const msg = encodeMsg(11, 7, { ok: 1 });
    expect(msg.readInt32LE(0)).toBe(msg.length);
    expect([msg.readInt32LE(4), msg.readInt32LE(8), msg.readInt32LE(12)]).toEqual([11, 7, OP_MSG]);
    expect(msg[20]).toBe(0);
    expect(deserialize(msg.subarray(21))).toEqual({ ok: 1 });

    const reply = encodeReply(12, 3, [{ ismaster: true }]);
    expect([reply.readInt32LE(0), reply.readInt32LE(8), reply.readInt32LE(12)]).toEqual([
      reply.length,
      3,
      OP_REPLY,
    ]);
    expect(reply.readBigInt64LE(20)).toBe(0n);
    expect(reply.readInt32LE(32)).toBe(1);
    expect(deserialize(reply.subarray(36))).toEqual({ ismaster: true });
  });
});
