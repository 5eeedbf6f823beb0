import { languageFromAcceptLanguage, type Language } from '@app/contracts';
import type { Request, Response } from 'express';

/*
 * Issue 21: the web app sends `Accept-Language: es` (or `en`) with every call; answers that name tasks or
 * show guides use it. Requests without the header (scripts, older clients) get English, as before.
 */

/** The request's language; marks the answer as varying with it, so no cache hands one language to another. */
export function languageOf(req: Request, res?: Response): Language {
  res?.vary('Accept-Language');
  return languageFromAcceptLanguage(req.headers['accept-language']);
}
