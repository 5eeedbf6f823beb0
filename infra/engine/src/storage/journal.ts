/**
 * Append-only journal: one file per data directory, a sequence of records
 *   uint32 LE payload length | uint32 LE crc32(payload) | payload (one BSON document)
 *
 * Durability contract: `append` hands the bytes to the OS with a synchronous write
 * before the caller acknowledges the operation, so an acknowledged write survives
 * the process being killed (kill -9, crash). `fdatasync` is issued asynchronously,
 * at most one in flight, batching every write of the same event-loop turn: a power
 * loss or kernel crash can lose the writes acknowledged in the last few
 * milliseconds. A torn or corrupt tail (the last write interrupted) is dropped on
 * replay; the dropped bytes are kept aside in a `.corrupt-<time>` file.
 */
import { deserialize, serialize, type Document } from 'bson';
import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';

const RECORD_HEADER = 8;
/** Larger than any document (16 MiB) plus envelope; anything bigger is corruption. */
const MAX_RECORD = 17 * 1024 * 1024;

export interface ReplayResult {
  records: Document[];
  /** Bytes dropped from a torn or corrupt tail (0 when the file was clean). */
  droppedBytes: number;
}

export function encodeRecord(record: Document): Buffer {
  const payload = serialize(record);
  const out = Buffer.allocUnsafe(RECORD_HEADER + payload.length);
  out.writeUInt32LE(payload.length, 0);
  out.writeUInt32LE(crc32(payload), 4);
  out.set(payload, RECORD_HEADER);
  return out;
}

/** Parses a journal image, stopping at the first torn or corrupt record. */
export function decodeRecords(buf: Buffer): { records: Document[]; validLength: number } {
  const records: Document[] = [];
  let offset = 0;
  while (offset + RECORD_HEADER <= buf.length) {
    const length = buf.readUInt32LE(offset);
    const checksum = buf.readUInt32LE(offset + 4);
    const end = offset + RECORD_HEADER + length;
    if (length < 5 || length > MAX_RECORD || end > buf.length) break;
    const payload = buf.subarray(offset + RECORD_HEADER, end);
    if (crc32(payload) !== checksum) break;
    try {
      records.push(deserialize(payload, { promoteLongs: true, promoteValues: true }));
    } catch {
      break;
    }
    offset = end;
  }
  return { records, validLength: offset };
}

export class Journal {
  readonly dir: string;
  readonly file: string;
  #fd: number;
  /** Current file size in bytes. */
  size: number;
  #syncPending = false;
  #syncing = false;
  #closed = false;
  #failed: Error | undefined;

  private constructor(dir: string, fd: number) {
    this.dir = dir;
    this.file = path.join(dir, 'journal.bin');
    this.#fd = fd;
    this.size = fs.fstatSync(fd).size;
  }

  /** Reads the existing journal (if any). Call `compact` next to start appending. */
  static replay(dir: string): ReplayResult {
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'journal.bin');
    fs.rmSync(file + '.compact', { force: true });
    if (!fs.existsSync(file)) return { records: [], droppedBytes: 0 };
    const buf = fs.readFileSync(file);
    const { records, validLength } = decodeRecords(buf);
    const droppedBytes = buf.length - validLength;
    if (droppedBytes > 0) {
      fs.writeFileSync(`${file}.corrupt-${Date.now()}`, buf.subarray(validLength));
    }
    return { records, droppedBytes };
  }

  /**
   * Writes `records` (a snapshot of the live state) to a new file, makes it durable,
   * atomically replaces the journal with it and opens it for appending.
   */
  static compact(dir: string, records: Iterable<Document>): Journal {
    const file = path.join(dir, 'journal.bin');
    const tmp = file + '.compact';
    const fd = fs.openSync(tmp, 'w');
    try {
      let batch: Buffer[] = [];
      let size = 0;
      for (const r of records) {
        const b = encodeRecord(r);
        batch.push(b);
        size += b.length;
        if (size > 4 * 1024 * 1024) {
          fs.writeSync(fd, Buffer.concat(batch));
          batch = [];
          size = 0;
        }
      }
      if (batch.length) fs.writeSync(fd, Buffer.concat(batch));
      fs.fdatasyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
    syncDirectory(dir);
    return new Journal(dir, fs.openSync(file, 'a'));
  }

  /** Appends one record; returns once the bytes are in the OS (see file comment). */
  append(record: Document): void {
    if (this.#closed) throw new Error('journal is closed');
    if (this.#failed) throw this.#failed;
    const buf = encodeRecord(record);
    let written = 0;
    try {
      while (written < buf.length) written += fs.writeSync(this.#fd, buf, written, buf.length - written);
    } catch (e) {
      // A partial record followed by later good ones would hide those on replay:
      // cut the file back, and stop accepting writes if even that fails.
      try {
        fs.ftruncateSync(this.#fd, this.size);
      } catch {
        this.#failed = new Error(
          `journal ${this.file} is unwritable after a failed append: ${(e as Error).message}`,
        );
      }
      throw e;
    }
    this.size += buf.length;
    this.#scheduleSync();
  }

  #scheduleSync(): void {
    if (this.#syncPending) return;
    this.#syncPending = true;
    setImmediate(() => this.#sync());
  }

  #sync(): void {
    if (this.#closed) return;
    if (this.#syncing) {
      // One fdatasync in flight at a time; the next covers everything written since.
      setTimeout(() => this.#sync(), 1).unref();
      return;
    }
    this.#syncPending = false;
    this.#syncing = true;
    fs.fdatasync(this.#fd, () => {
      this.#syncing = false;
    });
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    try {
      fs.fdatasyncSync(this.#fd);
    } finally {
      fs.closeSync(this.#fd);
    }
  }
}

function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Some platforms cannot fsync a directory; the rename is still atomic.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
