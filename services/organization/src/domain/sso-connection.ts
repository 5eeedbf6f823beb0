import { AppError } from '@app/common';
import {
  SSO_NOT_CONFIGURED_MESSAGE,
  type RouteInput,
  type SsoConnection,
  type SsoInternalConnection,
  type SsoMemberOutcome,
  type SsoSettings,
  type SsoTestResult,
  type ssoSettingsApi,
} from '@app/contracts';
import {
  organizationEvent,
  type Caller,
  type OrganizationContext,
  type OrganizationRecord,
  type OrgMemberRecord,
  type OutboxEvent,
  SamlMetadataError,
  type SamlMetadataFound,
  type SsoConnectionRecord,
  type SsoServices,
} from './organization.ts';
import { openProgramOf } from './programs.ts';
import {
  actorIn,
  actorOf,
  auditEntry,
  changeOrganization,
  memberChangedData,
  memberOf,
  profileOrUnauthorized,
  toEventPerson,
  workspaceFor,
} from './workspace.ts';

/*
 * Issue 19: an organization's single sign-on connection. Org admins edit it in the workspace (audited; the
 * client secret is write-only and sealed at rest under SSO_ENCRYPTION_KEY); the auth service reads it, with
 * the secret opened, through the internal calls, and reports each SSO sign-in so the user becomes a member.
 */

export type SsoInput = RouteInput<typeof ssoSettingsApi.putSso>;

export const ssoErrors = {
  notConfigured: () => AppError.notFound(SSO_NOT_CONFIGURED_MESSAGE, 'SSO.NOT_CONFIGURED'),
  domainTaken: (domain: string) =>
    AppError.conflict(
      `The domain ${domain} already signs in through another organization's single sign-on.`,
      'SSO.DOMAIN_TAKEN',
    ),
  secretRequired: () =>
    AppError.badRequest(
      'Enter the client secret from your identity provider.',
      undefined,
      'SSO.SECRET_REQUIRED',
    ),
  /** A secret sealed under a key that is no longer configured: the org admin enters it again. */
  secretUnreadable: () =>
    AppError.unavailable(
      'The single sign-on secret of this organization cannot be read with the configured keys.',
      'SSO.UNAVAILABLE',
    ),
};

export const redirectUriOf = (ctx: OrganizationContext) => `${ctx.sso.publicUrl}/api/sso/callback`;

/**
 * SAML: the platform's entity id (the audience every assertion must name) and its assertion consumer
 * service URL, the same for every organization (the auth service derives the same two from PUBLIC_URL).
 */
export const samlSpOf = (ctx: OrganizationContext) => ({
  entityId: `${ctx.sso.publicUrl}/api/sso/saml`,
  acsUrl: `${ctx.sso.publicUrl}/api/sso/saml/acs`,
});

export function toSsoConnectionView(
  sso: SsoConnectionRecord,
  services: Pick<SsoServices, 'summarizeCertificates'>,
): SsoConnection {
  return {
    protocol: sso.protocol,
    enabled: sso.enabled,
    enforced: sso.enforced,
    issuer: sso.issuer,
    clientId: sso.clientId,
    clientSecretSet: sso.clientSecretSealed !== null,
    domains: [...sso.domains],
    defaultRole: sso.defaultRole,
    saml: sso.saml
      ? {
          ssoUrl: sso.saml.ssoUrl,
          certificates: services.summarizeCertificates(sso.saml.certificates),
          metadataUrl: sso.saml.metadataUrl,
        }
      : null,
    updatedAt: sso.updatedAt.toISOString(),
  };
}

const settingsOf = (ctx: OrganizationContext, org: OrganizationRecord): SsoSettings => ({
  connection: org.sso ? toSsoConnectionView(org.sso, ctx.sso) : null,
  redirectUri: redirectUriOf(ctx),
  saml: samlSpOf(ctx),
});

/** The audit entry's details: every field that changed, the secret only as "changed". */
export function ssoDiff(
  before: SsoConnectionRecord | null,
  after: SsoConnectionRecord,
  secretChanged: boolean,
): Record<string, unknown> {
  const diff: Record<string, unknown> = {};
  const fields = ['protocol', 'enabled', 'enforced', 'issuer', 'clientId', 'defaultRole'] as const;
  for (const field of fields) {
    if (before?.[field] !== after[field]) diff[field] = { from: before?.[field] ?? null, to: after[field] };
  }
  if (before?.domains.join(',') !== after.domains.join(','))
    diff.domains = { from: before?.domains ?? [], to: after.domains };
  if (secretChanged) diff.clientSecret = 'changed';
  if ((before?.saml?.ssoUrl ?? null) !== (after.saml?.ssoUrl ?? null))
    diff.samlSsoUrl = { from: before?.saml?.ssoUrl ?? null, to: after.saml?.ssoUrl ?? null };
  if ((before?.saml?.metadataUrl ?? null) !== (after.saml?.metadataUrl ?? null))
    diff.samlMetadataUrl = { from: before?.saml?.metadataUrl ?? null, to: after.saml?.metadataUrl ?? null };
  // Certificates are public, but long: the audit says that they changed and how many there are now.
  if ((before?.saml?.certificates ?? []).join() !== (after.saml?.certificates ?? []).join())
    diff.samlCertificates = { changed: true, count: after.saml?.certificates.length ?? 0 };
  return diff;
}

export async function getSso(
  ctx: OrganizationContext,
  caller: Caller,
  userId: string,
  slug: string,
): Promise<SsoSettings> {
  const { org } = await workspaceFor(ctx, caller, userId, slug, 'editSettings');
  return settingsOf(ctx, org);
}

export async function putSso(
  ctx: OrganizationContext,
  caller: Caller,
  userId: string,
  slug: string,
  input: SsoInput,
): Promise<SsoSettings> {
  const profile = await profileOrUnauthorized(ctx, caller, userId);
  const domains = [...new Set(input.domains)].sort();
  const sealed =
    input.protocol === 'oidc' && input.clientSecret !== undefined ? ctx.sso.seal(input.clientSecret) : null;
  // SAML: the metadata is read (and fetched) before the write, outside the organization's revision loop.
  const metadata = input.protocol === 'saml' ? await samlMetadataOf(ctx, input) : null;
  return changeOrganization(
    ctx,
    () => ctx.organizations.findBySlug(slug),
    async (org) => {
      const actor = actorIn(org, profile, 'editSettings');
      for (const domain of domains) {
        const holder = await ctx.organizations.findBySsoDomain(domain);
        if (holder && holder.id !== org.id) throw ssoErrors.domainTaken(domain);
      }
      let next: SsoConnectionRecord;
      if (input.protocol === 'oidc') {
        const kept = org.sso?.protocol === 'oidc' ? org.sso.clientSecretSealed : null;
        const clientSecretSealed = sealed ?? kept;
        if (clientSecretSealed === null) throw ssoErrors.secretRequired();
        next = {
          protocol: 'oidc',
          enabled: input.enabled,
          enforced: input.enforced,
          issuer: input.issuer,
          clientId: input.clientId,
          clientSecretSealed,
          domains,
          defaultRole: input.defaultRole,
          saml: null,
          updatedAt: ctx.clock(),
        };
      } else {
        next = {
          protocol: 'saml',
          enabled: input.enabled,
          enforced: input.enforced,
          issuer: metadata!.entityId,
          clientId: '',
          clientSecretSealed: null,
          domains,
          defaultRole: input.defaultRole,
          saml: {
            ssoUrl: metadata!.ssoUrl,
            certificates: metadata!.certificates,
            metadataUrl: input.metadataUrl ?? null,
          },
          updatedAt: ctx.clock(),
        };
      }
      const diff = ssoDiff(org.sso, next, sealed !== null);
      if (Object.keys(diff).length === 0) return { changes: {}, events: [], result: settingsOf(ctx, org) };
      return {
        changes: { sso: next },
        events: [],
        audit: [auditEntry(ctx, actorOf(actor), 'sso.updated', org.name, diff)],
        result: settingsOf(ctx, { ...org, sso: next }),
      };
    },
  );
}

export async function deleteSso(
  ctx: OrganizationContext,
  caller: Caller,
  userId: string,
  slug: string,
): Promise<void> {
  const profile = await profileOrUnauthorized(ctx, caller, userId);
  await changeOrganization(
    ctx,
    () => ctx.organizations.findBySlug(slug),
    (org) => {
      const actor = actorIn(org, profile, 'editSettings');
      if (!org.sso) return { changes: {}, events: [], result: undefined };
      return {
        changes: { sso: null },
        events: [],
        audit: [
          auditEntry(ctx, actorOf(actor), 'sso.deleted', org.name, {
            issuer: org.sso.issuer,
            domains: org.sso.domains,
          }),
        ],
        result: undefined,
      };
    },
  );
}

/** SAML metadata as given (pasted or by URL), read and checked; 400 `SSO.METADATA_INVALID` with why not. */
async function samlMetadataOf(
  ctx: OrganizationContext,
  source: { metadataXml?: string; metadataUrl?: string },
): Promise<SamlMetadataFound> {
  try {
    return await ctx.sso.samlMetadata(
      source.metadataXml !== undefined ? { xml: source.metadataXml } : { url: source.metadataUrl ?? '' },
    );
  } catch (error) {
    throw AppError.badRequest(metadataProblem(error), undefined, 'SSO.METADATA_INVALID');
  }
}

const metadataProblem = (error: unknown) =>
  error instanceof SamlMetadataError ? error.message : 'The metadata could not be read.';

const NOTHING_FOUND = {
  issuer: null,
  authorizationEndpoint: null,
  tokenEndpoint: null,
  jwksUri: null,
  endSessionEndpoint: null,
  saml: null,
} as const;

/**
 * "Test connection" (nothing is saved): OpenID Connect discovery against the issuer as typed, or the SAML
 * metadata read and checked (entity id, SSO URL, signing certificates present, parseable and unexpired).
 */
export async function testSso(
  ctx: OrganizationContext,
  caller: Caller,
  userId: string,
  slug: string,
  input: RouteInput<typeof ssoSettingsApi.testSso>,
): Promise<SsoTestResult> {
  await workspaceFor(ctx, caller, userId, slug, 'editSettings');
  if ('protocol' in input) {
    try {
      const found = await ctx.sso.samlMetadata(
        input.metadataXml !== undefined ? { xml: input.metadataXml } : { url: input.metadataUrl ?? '' },
      );
      return {
        ok: true,
        ...NOTHING_FOUND,
        issuer: found.entityId,
        authorizationEndpoint: found.ssoUrl,
        saml: { entityId: found.entityId, ssoUrl: found.ssoUrl, certificates: found.summaries },
        problem: null,
      };
    } catch (error) {
      return { ok: false, ...NOTHING_FOUND, problem: metadataProblem(error) };
    }
  }
  try {
    const found = await ctx.sso.discover(input.issuer);
    return { ok: true, ...found, saml: null, problem: null };
  } catch (error) {
    return { ok: false, ...NOTHING_FOUND, problem: discoveryProblem(error) };
  }
}

/** What went wrong with discovery, in words an IT administrator can act on (never a stack). */
export function discoveryProblem(error: unknown): string {
  const err = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = err.cause?.code ?? err.code ?? '';
  const unreachable: Record<string, string> = {
    ECONNREFUSED: 'the connection was refused',
    ENOTFOUND: 'the host name is unknown',
    EAI_AGAIN: 'the host name could not be looked up',
    ECONNRESET: 'the connection was reset',
  };
  if (unreachable[code])
    return `The issuer could not be reached (${unreachable[code]}). Check the issuer URL.`;
  if (code === 'OAUTH_HTTP_REQUEST_FORBIDDEN')
    return 'The issuer URL must use https (plain http is only allowed outside production).';
  if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || code === 'OAUTH_RESPONSE_IS_NOT_JSON')
    return 'The issuer did not answer with an OpenID Connect discovery document (/.well-known/openid-configuration).';
  if (code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED')
    return 'The discovery document names another issuer than the one entered. Enter the issuer exactly as the provider states it.';
  if (code === 'TimeoutError' || code === 'ABORT_ERR' || code === 'UND_ERR_CONNECT_TIMEOUT')
    return 'The issuer did not answer in time.';
  return `Discovery failed: ${(err.message ?? 'unknown error').slice(0, 200)}`;
}

function toInternal(ctx: OrganizationContext, org: OrganizationRecord): SsoInternalConnection {
  const sso = org.sso;
  if (!sso || !org.isActive) throw ssoErrors.notConfigured();
  if (sso.protocol === 'saml') {
    if (!sso.saml || sso.saml.certificates.length === 0) throw ssoErrors.notConfigured();
    return {
      organizationId: org.id,
      organizationName: org.name,
      protocol: 'saml',
      enabled: sso.enabled,
      enforced: sso.enforced,
      issuer: sso.issuer,
      clientId: '',
      clientSecret: '',
      domains: [...sso.domains],
      defaultRole: sso.defaultRole,
      saml: { ssoUrl: sso.saml.ssoUrl, certificates: [...sso.saml.certificates] },
    };
  }
  if (!sso.clientSecretSealed) throw ssoErrors.notConfigured();
  const clientSecret = ctx.sso.open(sso.clientSecretSealed);
  if (clientSecret === null) throw ssoErrors.secretUnreadable();
  return {
    organizationId: org.id,
    organizationName: org.name,
    protocol: sso.protocol,
    enabled: sso.enabled,
    enforced: sso.enforced,
    issuer: sso.issuer,
    clientId: sso.clientId,
    clientSecret,
    domains: [...sso.domains],
    defaultRole: sso.defaultRole,
    saml: null,
  };
}

export async function connectionByDomain(
  ctx: OrganizationContext,
  domain: string,
): Promise<SsoInternalConnection> {
  const org = await ctx.organizations.findBySsoDomain(domain);
  if (!org) throw ssoErrors.notConfigured();
  return toInternal(ctx, org);
}

export async function connectionOf(
  ctx: OrganizationContext,
  organizationId: string,
): Promise<SsoInternalConnection> {
  const org = ctx.organizations.isValidId(organizationId)
    ? await ctx.organizations.findById(organizationId)
    : null;
  if (!org) throw ssoErrors.notConfigured();
  return toInternal(ctx, org);
}

/**
 * After an SSO sign-in: the user becomes a member with the connection's default role unless they already
 * are one (their role is kept), enrolled in the open program as a founder; an account created or linked by
 * the sign-in is audited.
 */
export async function recordSsoSignIn(
  ctx: OrganizationContext,
  caller: Caller,
  input: {
    organizationId: string;
    userId: string;
    email: string;
    displayName: string;
    outcome: SsoMemberOutcome;
    issuer: string;
  },
): Promise<void> {
  if (!ctx.organizations.isValidId(input.organizationId)) throw ssoErrors.notConfigured();
  await changeOrganization(
    ctx,
    () => ctx.organizations.findById(input.organizationId),
    (org) => {
      if (!org.sso) throw ssoErrors.notConfigured();
      const existing = memberOf(org, input.userId);
      const events: OutboxEvent[] = [];
      let members = org.members;
      const role = existing?.role ?? org.sso.defaultRole;
      if (!existing) {
        const member: OrgMemberRecord = {
          userId: input.userId,
          email: input.email.toLowerCase(),
          displayName: input.displayName,
          role: org.sso.defaultRole,
          joinedAt: ctx.clock(),
        };
        members = [...org.members, member];
        events.push(
          organizationEvent(
            ctx,
            caller,
            'organization.member_changed',
            memberChangedData(org.id, member, member.role, null),
          ),
        );
        const program = member.role === 'founder' ? openProgramOf(org) : undefined;
        if (program) {
          events.push(
            organizationEvent(ctx, caller, 'program.founder_enrolled', {
              programId: program.id,
              organizationId: org.id,
              founder: toEventPerson(member),
            }),
          );
        }
      }
      const audit =
        input.outcome === 'signedIn'
          ? []
          : [
              auditEntry(
                ctx,
                { userId: input.userId, displayName: input.displayName },
                input.outcome === 'created' ? 'sso.user_created' : 'sso.user_linked',
                input.email.toLowerCase(),
                { issuer: input.issuer, role, joined: !existing },
              ),
            ];
      if (existing && audit.length === 0) return { changes: {}, events: [], result: undefined };
      return { changes: existing ? {} : { members }, events, audit, result: undefined };
    },
  );
}
