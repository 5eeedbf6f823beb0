import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { SSO_LIMITS, type SamlCertificateSummary } from '@app/contracts';
import { SamlMetadataError } from '../domain/organization.ts';

/*
 * Issue 19, SAML 2.0: an identity provider's metadata (an EntityDescriptor with an IDPSSODescriptor) read
 * with @xmldom/xmldom, the DOM parser node-saml itself uses (it resolves no external entities and fetches
 * nothing). What the platform needs from it: the entity id, the HTTP-Redirect SSO URL and the signing
 * certificates, each checked to parse and to be valid now.
 */

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

export interface SamlMetadata {
  entityId: string;
  ssoUrl: string;
  /** PEM, one per signing certificate. */
  certificates: string[];
  summaries: SamlCertificateSummary[];
}

const pemOf = (base64: string) =>
  `-----BEGIN CERTIFICATE-----\n${(base64.replace(/\s+/g, '').match(/.{1,64}/g) ?? []).join('\n')}\n-----END CERTIFICATE-----\n`;

export function parseSamlMetadata(xml: string, now: Date): SamlMetadata {
  if (xml.length > SSO_LIMITS.metadataXml)
    throw new SamlMetadataError(`The metadata is larger than ${SSO_LIMITS.metadataXml} characters.`);
  if (/<!DOCTYPE/i.test(xml)) throw new SamlMetadataError('The metadata must not contain a DOCTYPE.');
  const errors: string[] = [];
  const doc = new DOMParser({
    errorHandler: {
      warning: () => undefined,
      error: (m) => errors.push(m),
      fatalError: (m) => errors.push(m),
    },
  }).parseFromString(xml, 'text/xml');
  const root = doc?.documentElement;
  if (errors.length > 0 || !root) throw new SamlMetadataError('The metadata is not well-formed XML.');
  const entities =
    root.localName === 'EntityDescriptor' && root.namespaceURI === MD
      ? [root]
      : Array.from(root.getElementsByTagNameNS(MD, 'EntityDescriptor'));
  const entity = entities.find((e) => e.getElementsByTagNameNS(MD, 'IDPSSODescriptor').length > 0);
  if (!entity)
    throw new SamlMetadataError(
      'The metadata has no identity provider (an EntityDescriptor with an IDPSSODescriptor).',
    );
  const entityId = (entity.getAttribute('entityID') ?? '').trim();
  if (entityId === '' || entityId.length > SSO_LIMITS.issuer)
    throw new SamlMetadataError('The metadata names no entity id (entityID), or one that is too long.');
  const idp = entity.getElementsByTagNameNS(MD, 'IDPSSODescriptor')[0]!;
  const service = Array.from(idp.getElementsByTagNameNS(MD, 'SingleSignOnService')).find(
    (s) => s.getAttribute('Binding') === REDIRECT,
  );
  const ssoUrl = (service?.getAttribute('Location') ?? '').trim();
  if (!/^https?:\/\//i.test(ssoUrl) || !URL.canParse(ssoUrl))
    throw new SamlMetadataError(
      'The metadata names no SingleSignOnService with the HTTP-Redirect binding and an http(s) Location.',
    );
  const keyDescriptors = Array.from(idp.getElementsByTagNameNS(MD, 'KeyDescriptor')).filter((k) => {
    const use = k.getAttribute('use');
    return !use || use === 'signing';
  });
  const certificates: string[] = [];
  const summaries: SamlCertificateSummary[] = [];
  for (const key of keyDescriptors) {
    for (const node of Array.from(key.getElementsByTagNameNS(DS, 'X509Certificate'))) {
      const pem = pemOf(node.textContent ?? '');
      let cert: X509Certificate;
      try {
        cert = new X509Certificate(pem);
      } catch {
        throw new SamlMetadataError('A signing certificate in the metadata cannot be parsed.');
      }
      const notBefore = new Date(cert.validFrom);
      const notAfter = new Date(cert.validTo);
      if (notAfter.getTime() < now.getTime())
        throw new SamlMetadataError(
          `A signing certificate in the metadata expired on ${notAfter.toISOString().slice(0, 10)}.`,
        );
      if (certificates.includes(pem)) continue;
      certificates.push(pem);
      summaries.push({
        subject: cert.subject.replace(/\n/g, ', '),
        notBefore: notBefore.toISOString(),
        notAfter: notAfter.toISOString(),
        fingerprint256: cert.fingerprint256,
      });
    }
  }
  if (certificates.length === 0)
    throw new SamlMetadataError(
      'The metadata has no signing certificate (KeyDescriptor with an X509Certificate); signed assertions cannot be checked without one.',
    );
  return { entityId, ssoUrl, certificates, summaries };
}

/** Fetches metadata from its URL (https unless allowed otherwise, 5 s, size-capped) and reads it. */
export async function fetchSamlMetadata(
  url: string,
  options: { allowHttp: boolean; timeoutSeconds: number; now: Date },
): Promise<SamlMetadata> {
  const target = new URL(url);
  if (target.protocol !== 'https:' && !options.allowHttp)
    throw new SamlMetadataError(
      'The metadata URL must use https (plain http is only allowed outside production).',
    );
  let res: Response;
  try {
    res = await fetch(target, {
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutSeconds * 1000),
      headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
    });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError') throw new SamlMetadataError('The metadata URL did not answer in time.');
    throw new SamlMetadataError('The metadata URL could not be reached. Check the URL.');
  }
  if (!res.ok) throw new SamlMetadataError(`The metadata URL answered HTTP ${res.status}.`);
  const body = await res.text();
  if (body.length > SSO_LIMITS.metadataXml)
    throw new SamlMetadataError(`The metadata is larger than ${SSO_LIMITS.metadataXml} characters.`);
  return parseSamlMetadata(body, options.now);
}
