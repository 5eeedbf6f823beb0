import { standardPrerequisitesOf } from './content/task-prerequisites.ts';
import { defineService, sealText } from '@app/common';
import { Cron } from 'croner';
import { randomUUID } from 'node:crypto';
import { createAuthDemoAccount } from './clients/auth-demo-account.ts';
import { runDemoReset, type DemoResetDeps } from './domain/schedule-demo-reset.ts';
import { sendDueReminders } from './domain/send-due-reminders.ts';
import { createDemoResetClaims, demoResetModel } from './store/demo-reset.model.ts';
import { createApp } from './app.ts';
import { createAuthOwnerDirectory } from './clients/auth-owner-directory.ts';
import { readVentureConfig } from './config.ts';
import { subscribeUserDeleted } from './consumers/user-deleted.consumer.ts';
import { subscribeVentureActivity } from './consumers/venture-activity.consumer.ts';
import { activityModel } from './store/activity.model.ts';
import { createActivityRepository } from './store/activity.repository.ts';
import { commentModel } from './store/comment.model.ts';
import { createCommentRepository } from './store/comment.repository.ts';
import { seedTaskTemplates } from './domain/seed-task-templates.ts';
import type { VentureContext } from './domain/venture.ts';
import { serviceMarkModel, taskTemplateModel } from './store/task-template.model.ts';
import { createTaskTemplateRepository } from './store/task-template.repository.ts';
import { calendarFeedModel } from './store/calendar-feed.model.ts';
import { createCalendarFeedRepository } from './store/calendar-feed.repository.ts';
import { ventureModel } from './store/venture.model.ts';
import { subscribeOrganizationEvents } from './consumers/organization-events.consumer.ts';
import { runCohortTick } from './domain/run-cohort-tick.ts';
import { createOrganizationSource } from './clients/organization-source.ts';
import { reconcileOrganizations } from './domain/reconcile-organizations.ts';
import { institutionModels } from './store/institution.model.ts';
import { createInstitutionRepository } from './store/institution.repository.ts';
import { createVentureRepository } from './store/venture.repository.ts';
import { versionText } from './domain/venture-template.ts';
import { orgTemplateModels } from './store/org-template.model.ts';
import { createOrgTemplateRepository } from './store/org-template.repository.ts';

/**
 * The venture service: seeds the master task templates (once per database), gives ventures from before
 * issue 16 their creator as owner, relays its outboxes (ventures, comments), consumes `user.deleted` and
 * its own events (the ventures' activity); task changes ride out a broker outage. `startService` (@app/common) does the rest.
 */
const venture = defineService({
  name: 'venture',
  readConfig: readVentureConfig,
  models: (connection) => ({
    Venture: ventureModel(connection),
    TaskTemplate: taskTemplateModel(connection),
    ServiceMark: serviceMarkModel(connection),
    TaskComment: commentModel(connection),
    VentureActivity: activityModel(connection),
    DemoReset: demoResetModel(connection),
    CalendarFeed: calendarFeedModel(connection),
    ...institutionModels(connection),
    ...orgTemplateModels(connection),
  }),
  async setup({
    config,
    models,
    logger,
    nudge,
    relayOutbox,
    bus,
    internalClient,
    onClose,
    clock,
    serviceUrls,
    ...health
  }) {
    const templates = createTaskTemplateRepository(models.TaskTemplate, models.ServiceMark);
    const orgTemplates = createOrgTemplateRepository(
      { OrgTemplateDraft: models.OrgTemplateDraft, OrgTemplateVersion: models.OrgTemplateVersion },
      models.ServiceMark,
      { onEventsWritten: nudge },
    );
    const ctx: VentureContext = {
      // Issue 21: tasks read their titles and descriptions from the current templates; issue 18: roadmaps
      // following an organization template version, from that version.
      ventures: createVentureRepository(models.Venture, {
        onEventsWritten: nudge,
        taskText: () => templates.textById(),
        templateText: (ref) => versionText(orgTemplates, templates, ref),
      }),
      calendarFeeds: createCalendarFeedRepository(models.CalendarFeed),
      templates,
      // A task change waits for the owner lookup: a hung auth service must not hold it for long.
      owners: createAuthOwnerDirectory(internalClient({ auth: config.AUTH_URL }, { timeoutMs: 3000 })),
      comments: createCommentRepository(models.TaskComment, { onEventsWritten: nudge }),
      activity: createActivityRepository(models.VentureActivity),
      invitations: {
        publicUrl: config.PUBLIC_URL,
        // Sealed under the current internal secret; the mailer opens it with the current and previous ones.
        seal: (text) => sealText(text, config.INTERNAL_SECRET),
        demoUsername: config.DEMO_USERNAME,
      },
      institutions: createInstitutionRepository(models, { onEventsWritten: nudge }),
      orgTemplates,
      plan: { freeVentureLimit: config.FREE_PLAN_VENTURE_LIMIT },
      clock,
    };
    const seeded = await seedTaskTemplates(ctx);
    if (seeded.inserted > 0 || seeded.updated > 0)
      logger.info(seeded, 'standard task templates seeded from the guides');
    // Before listening: ventures from before members existed get their creator as owner (idempotent).
    const migrated = await ctx.ventures.migrateMembers(ctx.clock());
    if (migrated > 0) logger.info({ migrated }, 'ventures given their creator as owner');
    // Issue 17: ventures from before prerequisites get the curated graph (idempotent; emptied lists kept).
    const withPrerequisites = await ctx.ventures.migratePrerequisites(standardPrerequisitesOf);
    if (withPrerequisites > 0)
      logger.info({ withPrerequisites }, 'ventures given the standard prerequisites');
    // One relay each, so the outbox metrics keep their `model="Venture"` series.
    relayOutbox([models.Venture]);
    relayOutbox([models.TaskComment]);
    relayOutbox([models.Enrolment, models.CohortSnapshot, models.CohortExport]);
    relayOutbox([models.OrgTemplateVersion]);
    await subscribeUserDeleted(bus(), ctx, logger);
    await subscribeOrganizationEvents(bus(), ctx, logger);
    await subscribeVentureActivity(bus(), ctx, logger);
    // The demo account's sample venture: reset at start (awaited, so the demo is ready when the service
    // listens; never fatal) and on the schedule, once per hour across replicas.
    const demo: DemoResetDeps = {
      ctx,
      demoAccount: createAuthDemoAccount(internalClient({ auth: config.AUTH_URL }, { timeoutMs: 3000 })),
      claims: createDemoResetClaims(models.DemoReset),
      logger,
    };
    const resetDemo = (now: Date = ctx.clock()) => runDemoReset(demo, now);
    await resetDemo();
    const demoJob = new Cron(
      config.DEMO_RESET_CRON,
      { timezone: 'UTC', protect: true, unref: true },
      async () => {
        await resetDemo();
      },
    );
    onClose(() => demoJob.stop());
    // Due-date reminders (issue 17): every REMINDER_TICK_SECONDS, never two ticks of this process at once
    // (`protect`); replicas may tick together, each reminder's conditional write lets only one send it.
    const sendReminders = async () => {
      const tick = await sendDueReminders(ctx, { correlationId: `reminders-${randomUUID()}` });
      if (tick.sent > 0) logger.info(tick, 'due-date reminders sent');
      return tick;
    };
    const reminderJob = new Cron(
      '* * * * * *',
      { interval: config.REMINDER_TICK_SECONDS, protect: true, unref: true },
      async () => {
        try {
          await sendReminders();
        } catch (err) {
          // The next tick tries again: nothing was marked sent without its event.
          logger.warn({ err }, 'reminder tick failed');
        }
      },
    );
    onClose(() => reminderJob.stop());
    // Issue 18: weekly snapshots with the program managers' digests, and at-risk e-mails to mentors. Each
    // effect is a conditional single-document write, so replicas ticking together send nothing twice.
    const tickCohorts = async () => {
      const tick = await runCohortTick(ctx, { correlationId: `cohorts-${randomUUID()}` });
      if (tick.snapshots > 0 || tick.atRisk > 0) logger.info(tick, 'cohort tick');
      return tick;
    };
    const cohortJob = new Cron(
      '* * * * * *',
      { interval: config.COHORT_TICK_SECONDS, protect: true, unref: true },
      async () => {
        try {
          await tickCohorts();
        } catch (err) {
          logger.warn({ err }, 'cohort tick failed');
        }
      },
    );
    onClose(() => cohortJob.stop());
    // Issue 18: organizations whose events never reached this service (created before it subscribed) are
    // read once from the organization service, in the background: under `npm start` it starts after this
    // one, and its absence must not hold this service's start. Retried every 5 s for 5 minutes at most.
    const organizationSource = createOrganizationSource(
      internalClient(
        {
          get organization(): string {
            return config.ORGANIZATION_URL ?? serviceUrls.organization ?? '';
          },
        },
        { timeoutMs: 5000 },
      ),
    );
    let reconcileAttempts = 0;
    const reconcileTimer = setInterval(() => {
      reconcileAttempts += 1;
      // Real time, not the service clock: it is compared with the organization service's event times.
      reconcileOrganizations(ctx, organizationSource, new Date())
        .then((count) => {
          clearInterval(reconcileTimer);
          logger.info({ count }, 'organizations reconciled with the organization service');
        })
        .catch((err: unknown) => {
          if (reconcileAttempts >= 60) {
            clearInterval(reconcileTimer);
            logger.warn({ err }, 'organizations not reconciled: the organization service did not answer');
          }
        });
    }, 5000);
    reconcileTimer.unref();
    onClose(() => clearInterval(reconcileTimer));
    // Task changes keep succeeding while the broker is away (their events wait in the outbox).
    const rideOutChecks = { bus: health.busReady };
    return {
      app: createApp({ ...ctx, secret: health.secret, logger, checks: health.checks, rideOutChecks }),
      /** Runs the demo reset now (tests move the clock to the next hour instead of waiting). */
      resetDemo,
      /** Runs one reminder tick now (tests; the scheduler runs the same every REMINDER_TICK_SECONDS). */
      sendReminders,
      /** Runs one cohort tick now (tests; the scheduler runs the same every COHORT_TICK_SECONDS). */
      tickCohorts,
    };
  },
});

export const startVentureService = venture.start;
if (import.meta.main) venture.run();
