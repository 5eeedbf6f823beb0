import { pipeline } from 'node:stream/promises';
import { getCorrelationId, parseInput, requireUserId, respond } from '@app/common';
import { cohortApi } from '@app/contracts';
import { stringify } from 'csv-stringify';
import type { Router } from 'express';
import { leaveProgram, listMyEnrolments, setEnrolment } from '../domain/enrolments.ts';
import { COHORT_CSV_HEADER, exportCohort } from '../domain/export-cohort.ts';
import { getCohortDashboard } from '../domain/get-cohort-dashboard.ts';
import { listMentoredVentures } from '../domain/list-mentored-ventures.ts';
import { setMentors } from '../domain/set-mentors.ts';
import { dashboardIn } from '../domain/task-language.ts';
import { unverifyTask, verifyTask } from '../domain/verify-task.ts';
import type { VentureContext } from '../domain/venture.ts';
import { languageOf } from './language.ts';
import { callerOf } from './venture.routes.ts';

/** Issue 18, the venture service's side of institutions: enrolments, cohort dashboards, mentors. */
export function cohortRoutes(router: Router, ctx: VentureContext): void {
  const api = cohortApi;

  router.get(api.listMyEnrolments.path, async (req, res) => {
    respond(res, api.listMyEnrolments, await listMyEnrolments(ctx, requireUserId(req)));
  });

  router.patch(api.setEnrolment.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(api.setEnrolment.params, req.params);
    const changes = parseInput(api.setEnrolment.body, req.body ?? {});
    respond(res, api.setEnrolment, await setEnrolment(ctx, callerOf(req), userId, id, changes));
  });

  router.delete(api.leaveProgram.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(api.leaveProgram.params, req.params);
    await leaveProgram(ctx, callerOf(req), userId, id);
    respond(res, api.leaveProgram, { success: true });
  });

  router.get(api.getDashboard.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(api.getDashboard.params, req.params);
    const dashboard = await getCohortDashboard(ctx, getCorrelationId(req), userId, id);
    respond(res, api.getDashboard, dashboardIn(languageOf(req, res), dashboard));
  });

  router.get(api.exportCohortCsv.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(api.exportCohortCsv.params, req.params);
    const data = await exportCohort(ctx, callerOf(req), { userId }, id);
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${data.fileBase}.csv"`);
    res.setHeader('Cache-Control', 'no-store');
    // As the venture export: a cell starting with = + - @ tab or CR gets a leading ' (no formula injection).
    const csv = stringify({ header: true, columns: COHORT_CSV_HEADER, escape_formulas: true });
    const write = pipeline(csv, res);
    for (const row of data.rows) {
      if (!csv.write(row)) await new Promise((resolve) => csv.once('drain', resolve));
    }
    csv.end();
    await write;
  });

  router.put(api.setMentors.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id, ventureId } = parseInput(api.setMentors.params, req.params);
    const { mentorIds } = parseInput(api.setMentors.body, req.body ?? {});
    await setMentors(ctx, callerOf(req), userId, id, ventureId, mentorIds);
    respond(res, api.setMentors, { success: true });
  });

  router.get(api.listMentoredVentures.path, async (req, res) => {
    respond(res, api.listMentoredVentures, await listMentoredVentures(ctx, requireUserId(req)));
  });

  router.post(api.verifyTask.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(api.verifyTask.params, req.params);
    respond(res, api.verifyTask, await verifyTask(ctx, callerOf(req), userId, id));
  });

  router.delete(api.unverifyTask.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(api.unverifyTask.params, req.params);
    respond(res, api.unverifyTask, await unverifyTask(ctx, callerOf(req), userId, id));
  });
}
