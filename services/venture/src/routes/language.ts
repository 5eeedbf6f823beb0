import { languageFromAcceptLanguage, type Language } from '@app/contracts';
import type { Request, Response } from 'express';

/*
 * Issue 21: the web app sends `Accept-Language: es` (or `en`) with every call; answers that name tasks or
 * show guides use it. Requests without the header (scripts, older clients) get English, as before.
 */

/**
 * The request's language; marks the answer as varying with it, so no cache hands one language to another,
 * and as written in it (`Content-Language`: the web app asks again for an answer a preload fetched in the
 * browser's language rather than the app's, issue 22).
 */
export function languageOf(req: Request, res?: Response): Language {
  const language = languageFromAcceptLanguage(req.headers['accept-language']);
  res?.vary('Accept-Language');
  res?.setHeader('content-language', language);
  return language;
}
