import { defineService, sealText } from '@app/common';
import { createApp } from './app.ts';
import { createMemberDirectory } from './clients/member-directory.ts';
import { createSsoServices } from './clients/sso-services.ts';
import { createTemplateCatalog } from './clients/template-catalog.ts';
import { readOrganizationConfig } from './config.ts';
import { subscribeWorkspaceEvents } from './consumers/workspace-events.consumer.ts';
import type { OrganizationContext } from './domain/organization.ts';
import { resealSsoSecrets } from './domain/reseal-sso-secrets.ts';
import { enrolmentModel, orgAuditModel } from './store/audit.model.ts';
import { createAuditRepository, createEnrolmentRepository } from './store/audit.repository.ts';
import { organizationModel } from './store/organization.model.ts';
import { createOrganizationRepository } from './store/organization.repository.ts';
import { publishBrandBackfill } from './domain/white-label.ts';

/**
 * The organization service: organizations, their branded registration, and (issue 18) their workspaces:
 * members and roles, staff invitations, programs, settings and the audit log. Its changes and their events
 * are single-document writes whose outbox it relays; it consumes enrolments and audit entries from the
 * venture service, and asks auth about users over internal HTTP.
 */
const organization = defineService({
  name: 'organization',
  readConfig: readOrganizationConfig,
  models: (connection) => ({
    Organization: organizationModel(connection),
    OrganizationAudit: orgAuditModel(connection),
    ProgramEnrolment: enrolmentModel(connection),
  }),
  setup: async ({
    config,
    models,
    internalClient,
    secret,
    logger,
    checks,
    nudge,
    relayOutbox,
    bus,
    busReady,
  }) => {
    const ctx: OrganizationContext = {
      organizations: createOrganizationRepository(models.Organization, { onEventsWritten: nudge }),
      // Every workspace call asks auth who the caller is: a hung auth must not hold it for long.
      members: createMemberDirectory(internalClient({ auth: config.AUTH_URL }, { timeoutMs: 3000 })),
      // Asked only when a program pins a template version: a hung venture service fails the save quickly (503).
      templates: createTemplateCatalog(internalClient({ venture: config.VENTURE_URL }, { timeoutMs: 3000 })),
      audit: createAuditRepository(models.OrganizationAudit, models.Organization),
      enrolments: createEnrolmentRepository(models.ProgramEnrolment),
      invitations: {
        publicUrl: config.PUBLIC_URL,
        // Sealed under the current internal secret; the mailer opens it with the current and previous ones.
        seal: (text) => sealText(text, config.INTERNAL_SECRET),
      },
      sso: createSsoServices({
        publicUrl: config.PUBLIC_URL,
        key: config.SSO_ENCRYPTION_KEY,
        previousKeys: config.SSO_ENCRYPTION_KEYS_PREVIOUS,
        allowHttpIssuers: config.SSO_ALLOW_HTTP_ISSUERS,
      }),
      clock: () => new Date(),
    };
    // A rotated SSO_ENCRYPTION_KEY: every secret sealed under a previous key is sealed again under the new one.
    const resealed = await resealSsoSecrets(ctx);
    if (resealed.resealed > 0 || resealed.unreadable > 0)
      logger.info(resealed, 'SSO secrets re-sealed under the current SSO_ENCRYPTION_KEY');
    if (resealed.unreadable > 0)
      logger.warn(
        { unreadable: resealed.unreadable },
        'some SSO secrets open with none of the configured keys: their org admins must enter them again',
      );
    // Audit entries a crash left on their organization join the log before the service answers.
    await ctx.audit.flushPending();
    relayOutbox([models.Organization]);
    // Issue 19: organizations from before white label publish their brand and members once (the mailer's
    // read model); in the background, so a large backlog never delays the start.
    void publishBrandBackfill(ctx, { correlationId: 'brand-backfill' }).then(
      (count) => {
        if (count > 0) logger.info({ organizations: count }, 'brand backfill published');
      },
      (err: unknown) => logger.warn({ err }, 'brand backfill failed; the next start tries again'),
    );
    await subscribeWorkspaceEvents(bus(), ctx, logger);
    return {
      app: createApp({ ...ctx, secret, logger, checks, rideOutChecks: { bus: busReady } }),
    };
  },
});

export const startOrganizationService = organization.start;
if (import.meta.main) organization.run();
