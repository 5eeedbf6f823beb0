/**
 * TCP server speaking the MongoDB wire protocol. Each connection decodes frames,
 * runs commands synchronously in arrival order and writes the replies. A malformed
 * frame closes the connection; nothing a client sends can crash the process.
 */
import net from 'node:net';
import type { Document } from 'bson';
import { runCommand, type BaseContext } from './commands/index.ts';
import { CursorManager } from './cursors.ts';
import { codeNameOf, err, toMongoError } from './errors.ts';
import { FailPoints } from './fail-points.ts';
import type { Store } from './storage/store.ts';
import {
  decodeMessage,
  encodeMsg,
  encodeReply,
  FrameDecoder,
  MSG_MORE_TO_COME,
  type QueryRequest,
  type Request,
} from './wire/codec.ts';

const HANDSHAKE_COMMANDS = new Set(['hello', 'isMaster', 'ismaster']);
/** OP_REPLY responseFlags bit: the query failed and the document is the error. */
const QUERY_FAILURE = 2;

export interface ServerOptions {
  /** Called for unexpected failures (bugs), with the error; default logs to stderr. */
  onError?: (e: unknown) => void;
  /** Accept `configureFailPoint` (failCommand), as mongod does with `enableTestCommands=1`. */
  enableTestCommands?: boolean;
}

/** What to send back for one request: a reply, nothing (moreToCome), or drop the connection. */
type Outcome = Buffer | undefined | 'close';

export class WireServer {
  readonly store: Store;
  readonly cursors = new CursorManager();
  readonly #server: net.Server;
  readonly #sockets = new Set<net.Socket>();
  readonly #startedAt = Date.now();
  readonly #onError: (e: unknown) => void;
  readonly #failPoints: FailPoints | undefined;
  #nextConnectionId = 1;
  #nextRequestId = 1;
  #address: { host: string; port: number } = { host: '', port: 0 };

  constructor(store: Store, opts: ServerOptions = {}) {
    this.store = store;
    this.#onError = opts.onError ?? ((e) => console.error('[mongo-embedded]', e));
    this.#failPoints = opts.enableTestCommands ? new FailPoints() : undefined;
    this.#server = net.createServer((socket) => this.#accept(socket));
  }

  listen(port: number, host: string): Promise<{ host: string; port: number }> {
    return new Promise((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(port, host, () => {
        this.#server.off('error', reject);
        const addr = this.#server.address() as net.AddressInfo;
        this.#address = { host, port: addr.port };
        resolve(this.#address);
      });
    });
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    for (const s of this.#sockets) s.destroy();
    await closed;
    this.cursors.close();
  }

  #accept(socket: net.Socket): void {
    this.#sockets.add(socket);
    socket.setNoDelay(true);
    const decoder = new FrameDecoder();
    const base: BaseContext = {
      store: this.store,
      cursors: this.cursors,
      server: { connectionId: this.#nextConnectionId++, startedAt: this.#startedAt, ...this.#address },
      failPoints: this.#failPoints,
    };
    socket.on('data', (chunk) => {
      let frames: Buffer[];
      try {
        frames = decoder.push(chunk);
        for (const frame of frames) {
          const reply = this.#handle(decodeMessage(frame), base);
          if (reply === 'close') {
            socket.destroy();
            return;
          }
          if (reply) socket.write(reply);
        }
      } catch (e) {
        // A frame we cannot parse leaves the stream unsynchronised: drop the connection.
        if (!(e instanceof Error && e.name === 'ProtocolError')) this.#onError(e);
        socket.destroy();
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.#sockets.delete(socket));
  }

  #handle(req: Request, base: BaseContext): Outcome {
    const requestId = this.#nextRequestId++ & 0x7fffffff;
    if (req.kind === 'query') {
      const { doc, failed } = this.#legacyQuery(req, base);
      return encodeReply(requestId, req.requestId, [doc], failed ? QUERY_FAILURE : 0);
    }
    const injected = this.#failPoints?.match(Object.keys(req.body)[0] ?? '', base.server.appName);
    if (injected?.closeConnection) return 'close';
    let reply: Document;
    if (injected?.errorCode !== undefined) {
      reply = {
        ok: 0,
        errmsg: injected.errmsg ?? "Failing command via 'failCommand' failpoint",
        code: injected.errorCode,
        codeName: codeNameOf(injected.errorCode),
        ...(injected.errorLabels ? { errorLabels: injected.errorLabels } : {}),
      };
    } else {
      reply = runCommand(req.body, req.sequences, base);
      if (injected?.writeConcernError) reply.writeConcernError = injected.writeConcernError;
      if (injected?.errorLabels) reply.errorLabels = injected.errorLabels;
    }
    if (reply.code === 1 && reply.codeName === 'InternalError')
      this.#onError(new Error(String(reply.errmsg)));
    if (req.flags & MSG_MORE_TO_COME) return undefined;
    return encodeSafely(requestId, req.requestId, reply);
  }

  /** OP_QUERY is accepted only for the initial handshake, as on MongoDB 6+. */
  #legacyQuery(req: QueryRequest, base: BaseContext): { doc: Document; failed: boolean } {
    const dot = req.fullCollectionName.indexOf('.');
    const db = req.fullCollectionName.slice(0, dot);
    const coll = req.fullCollectionName.slice(dot + 1);
    let cmd = req.query;
    if (cmd.$query && typeof cmd.$query === 'object') cmd = cmd.$query as Document;
    const name = Object.keys(cmd)[0] ?? '';
    if (coll !== '$cmd' || !HANDSHAKE_COMMANDS.has(name)) {
      const e = err(
        'UnsupportedOpQueryCommand',
        `Unsupported OP_QUERY command: ${name}. The client driver may require an upgrade.`,
      );
      return { doc: { $err: e.message, ...e.toReply() }, failed: true };
    }
    return { doc: runCommand({ ...cmd, $db: db }, new Map(), base), failed: false };
  }
}

function encodeSafely(requestId: number, responseTo: number, reply: Document): Buffer {
  try {
    return encodeMsg(requestId, responseTo, reply);
  } catch (e) {
    return encodeMsg(requestId, responseTo, toMongoError(e).toReply());
  }
}
