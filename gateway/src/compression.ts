import type { IncomingHttpHeaders } from 'node:http';
import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';
import type { Request, Response } from 'express';

/*
 * Issue 22: API answers go out compressed when the browser accepts it. The roadmap's venture is 24 kB of
 * JSON and the task guides 100 kB; on a mobile connection that is most of their time on the wire.
 *
 * BREACH: the gateway's CSRF rule is the `X-Requested-With` header, not a token in a body, and the session
 * cookie is SameSite=Lax, so another site cannot have the browser fetch signed-in answers to measure their
 * compressed size.
 */

/** Smaller bodies gain less on the wire than they cost to compress (a packet holds about 1,400 bytes). */
const MIN_BYTES = 1024;

const COMPRESSIBLE = /^(application\/(json|[\w.+-]+\+json)|text\/[\w.+-]+)\s*(;|$)/i;

/**
 * The stream to send a proxied answer through, with `res`'s headers set for it; undefined when the answer
 * goes out as the service wrote it (not text, already encoded, small, no body, or the browser accepts
 * neither encoding). Brotli at a low quality compresses about as fast as gzip and smaller.
 */
export function compressorFor(
  req: Request,
  res: Response,
  upstream: IncomingHttpHeaders,
  status: number,
): BrotliCompress | Gzip | undefined {
  const type = upstream['content-type'];
  if (type === undefined || !COMPRESSIBLE.test(type)) return undefined;
  // The body depends on the header from here on, compressed or not.
  res.vary('accept-encoding');
  if (req.method === 'HEAD' || status === 204 || status === 304 || upstream['content-encoding'])
    return undefined;
  const length = upstream['content-length'];
  if (length !== undefined && Number(length) < MIN_BYTES) return undefined;
  // Our order, not the header's: browsers list gzip before br with the same weight.
  const encoding = (['br', 'gzip'] as const).find((name) => req.acceptsEncodings(name) === name);
  if (encoding === undefined) return undefined;
  res.removeHeader('content-length');
  res.setHeader('content-encoding', encoding);
  return encoding === 'br'
    ? createBrotliCompress({
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : createGzip({ level: 6 });
}
