/**
 * The wire protocol as raw bytes on a socket: legacy handshake, OP_MSG sections,
 * moreToCome, compression, and malformed input that must only close the connection.
 */
import { deserialize, serialize, type Document } from 'bson';
import net from 'node:net';
import { deflateSync } from 'node:zlib';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src/index.ts';
import {
  FrameDecoder,
  MSG_MORE_TO_COME,
  OP_COMPRESSED,
  OP_MSG,
  OP_QUERY,
  OP_REPLY,
} from '../src/wire/codec.ts';

function header(length: number, requestId: number, opCode: number): Buffer {
  const h = Buffer.alloc(16);
  h.writeInt32LE(length, 0);
  h.writeInt32LE(requestId, 4);
  h.writeInt32LE(opCode, 12);
  return h;
}

function msgBody(flags: number, body: Document, sequences: [string, Document[]][] = []): Buffer {
  const flagBuf = Buffer.alloc(4);
  flagBuf.writeUInt32LE(flags);
  const parts = [flagBuf, Buffer.from([0]), Buffer.from(serialize(body))];
  for (const [id, docs] of sequences) {
    const payload = Buffer.concat([Buffer.from(id + '\0'), ...docs.map((d) => Buffer.from(serialize(d)))]);
    const size = Buffer.alloc(4);
    size.writeInt32LE(payload.length + 4);
    parts.push(Buffer.from([1]), size, payload);
  }
  return Buffer.concat(parts);
}

function opMsg(requestId: number, body: Document, flags = 0, sequences: [string, Document[]][] = []): Buffer {
  const content = msgBody(flags, body, sequences);
  return Buffer.concat([header(16 + content.length, requestId, OP_MSG), content]);
}

function opQuery(requestId: number, ns: string, query: Document): Buffer {
  const nums = Buffer.alloc(8);
  nums.writeInt32LE(-1, 4);
  const content = Buffer.concat([
    Buffer.alloc(4),
    Buffer.from(ns + '\0'),
    nums,
    Buffer.from(serialize(query)),
  ]);
  return Buffer.concat([header(16 + content.length, requestId, OP_QUERY), content]);
}

interface Reply {
  responseTo: number;
  opCode: number;
  flags: number;
  doc: Document;
}

class RawClient {
  readonly socket: net.Socket;
  readonly #decoder = new FrameDecoder();
  readonly #replies: Reply[] = [];
  #waiters: (() => void)[] = [];
  closed: Promise<void>;

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.on('data', (chunk) => {
      for (const f of this.#decoder.push(chunk)) {
        const opCode = f.readInt32LE(12);
        const flags = f.readInt32LE(16);
        const doc = deserialize(opCode === OP_REPLY ? f.subarray(36) : f.subarray(21));
        this.#replies.push({ responseTo: f.readInt32LE(8), opCode, flags, doc });
      }
      this.#waiters.splice(0).forEach((w) => w());
    });
    this.closed = new Promise((resolve) => this.socket.on('close', () => resolve()));
    this.socket.on('error', () => {});
  }

  send(buf: Buffer): void {
    this.socket.write(buf);
  }

  async next(): Promise<Reply> {
    while (!this.#replies.length) await new Promise<void>((r) => this.#waiters.push(r));
    return this.#replies.shift()!;
  }

  end(): void {
    this.socket.destroy();
  }
}

describe('wire protocol on a raw socket', () => {
  let mongo: EmbeddedMongo;
  const clients: RawClient[] = [];
  const connect = (): RawClient => {
    const c = new RawClient(mongo.port);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    mongo = await startEmbeddedMongo();
  });
  afterEach(() => clients.splice(0).forEach((c) => c.end()));
  afterAll(async () => {
    await mongo.stop();
  });

  test('the legacy OP_QUERY isMaster on admin.$cmd is answered with an OP_REPLY describing a standalone server', async () => {
    const c = connect();
    c.send(opQuery(41, 'admin.$cmd', { isMaster: 1, helloOk: true, client: { driver: { name: 'raw' } } }));
    const r = await c.next();
    expect(r.opCode).toBe(OP_REPLY);
    expect(r.responseTo).toBe(41);
    expect(r.doc).toMatchObject({
      ismaster: true,
      helloOk: true,
      minWireVersion: 0,
      maxWireVersion: 21,
      logicalSessionTimeoutMinutes: 30,
      maxBsonObjectSize: 16 * 1024 * 1024,
      maxMessageSizeBytes: 48_000_000,
      maxWriteBatchSize: 100_000,
      ok: 1,
    });
    expect(r.doc.localTime).toBeInstanceOf(Date);
    expect(typeof r.doc.connectionId).toBe('number');
    expect(r.doc.setName).toBeUndefined();
    expect(r.doc.compression).toBeUndefined();
  });

  test('OP_QUERY for anything but the handshake fails with QueryFailure', async () => {
    const c = connect();
    c.send(opQuery(5, 'app.users', { find: 'users' }));
    const r = await c.next();
    expect(r.flags & 2).toBe(2);
    expect(r.doc).toMatchObject({ ok: 0, code: 352 });
  });

  test('an OP_MSG insert with a kind 1 document sequence inserts every document', async () => {
    const c = connect();
    c.send(opMsg(1, { insert: 'seq', $db: 'wire' }, 0, [['documents', [{ _id: 1 }, { _id: 2 }]]]));
    expect((await c.next()).doc).toEqual({ n: 2, ok: 1 });
    c.send(opMsg(2, { find: 'seq', filter: {}, $db: 'wire' }));
    const r = await c.next();
    expect(r.opCode).toBe(OP_MSG);
    expect(r.responseTo).toBe(2);
    expect(r.doc.cursor.firstBatch).toEqual([{ _id: 1 }, { _id: 2 }]);
    expect(r.doc.cursor.ns).toBe('wire.seq');
  });

  test('a message with moreToCome is executed without a reply', async () => {
    const c = connect();
    c.send(opMsg(10, { insert: 'fire', documents: [{ _id: 'x' }], $db: 'wire' }, MSG_MORE_TO_COME));
    c.send(opMsg(11, { count: 'fire', $db: 'wire' }));
    const r = await c.next();
    expect(r.responseTo).toBe(11);
    expect(r.doc).toEqual({ n: 1, ok: 1 });
  });

  test('a zlib OP_COMPRESSED message is answered', async () => {
    const c = connect();
    const inner = msgBody(0, { ping: 1, $db: 'admin' });
    const meta = Buffer.alloc(9);
    meta.writeInt32LE(OP_MSG, 0);
    meta.writeInt32LE(inner.length, 4);
    meta[8] = 2;
    const content = Buffer.concat([meta, deflateSync(inner)]);
    c.send(Buffer.concat([header(16 + content.length, 77, OP_COMPRESSED), content]));
    const r = await c.next();
    expect(r.responseTo).toBe(77);
    expect(r.doc).toEqual({ ok: 1 });
  });

  test('a command without $db, or unknown, gets an error reply and the connection stays usable', async () => {
    const c = connect();
    c.send(opMsg(1, { ping: 1 }));
    expect((await c.next()).doc).toMatchObject({ ok: 0, codeName: 'FailedToParse' });
    c.send(opMsg(2, { getCmdLineOpts: 1, $db: 'admin' }));
    expect((await c.next()).doc).toEqual({
      ok: 0,
      errmsg: "no such command: 'getCmdLineOpts'",
      code: 59,
      codeName: 'CommandNotFound',
    });
    c.send(opMsg(3, { ping: 1, $db: 'admin' }));
    expect((await c.next()).doc).toEqual({ ok: 1 });
  });

  test('hundreds of random frames never take the server down', async () => {
    let seed = 42;
    const random = (): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let i = 0; i < 200; i++) {
      const body = Buffer.alloc(5 + Math.floor(random() * 60));
      for (let j = 0; j < body.length; j++) body[j] = Math.floor(random() * 256);
      // Half the frames get valid OP_MSG flags and a kind 0 section, so the garbage reaches the BSON parser.
      if (i % 2 === 0) body.fill(0, 0, 5);
      const c = connect();
      c.send(Buffer.concat([header(16 + body.length, i, i % 3 === 0 ? OP_QUERY : OP_MSG), body]));
      await Promise.race([c.closed, c.next()]);
      c.end();
    }
    const good = connect();
    good.send(opMsg(1, { ping: 1, $db: 'admin' }));
    expect((await good.next()).doc).toEqual({ ok: 1 });
  });

  test('malformed frames close only that connection; the server keeps serving', async () => {
    const garbage = connect();
    garbage.send(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
    await garbage.closed;

    const badBson = connect();
    const frame = opMsg(1, { ping: 1, $db: 'admin' });
    frame.writeInt32LE(3, 21);
    badBson.send(frame);
    await badBson.closed;

    const badOp = connect();
    badOp.send(Buffer.concat([header(20, 1, 2002), Buffer.alloc(4)]));
    await badOp.closed;

    const good = connect();
    good.send(opMsg(9, { ping: 1, $db: 'admin' }));
    expect((await good.next()).doc).toEqual({ ok: 1 });
  });
});
