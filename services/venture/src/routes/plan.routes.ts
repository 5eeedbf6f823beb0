import { pipeline } from 'node:stream/promises';
import { parseInput, requireUserId, respond } from '@app/common';
import { venturePlanApi } from '@app/contracts';
import { stringify } from 'csv-stringify';
import type { Response, Router } from 'express';
import { CSV_COLUMNS, csvRows, exportVenture } from '../domain/export-venture.ts';
import { setTaskDates } from '../domain/set-task-dates.ts';
import { setTaskPrerequisites } from '../domain/set-task-prerequisites.ts';
import { taskIn } from '../domain/task-language.ts';
import type { VentureContext } from '../domain/venture.ts';
import { languageOf } from './language.ts';

/** Plans with dates (issue 17): task dates, prerequisites and the venture exports. */
export function planRoutes(router: Router, ctx: VentureContext): void {
  const api = venturePlanApi;

  router.put(api.setTaskDates.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(api.setTaskDates.params, req.params);
    const dates = parseInput(api.setTaskDates.body, req.body ?? {});
    respond(res, api.setTaskDates, taskIn(languageOf(req, res), await setTaskDates(ctx, userId, id, dates)));
  });

  router.put(api.setTaskPrerequisites.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(api.setTaskPrerequisites.params, req.params);
    const { prerequisiteIds } = parseInput(api.setTaskPrerequisites.body, req.body ?? {});
    const task = await setTaskPrerequisites(ctx, userId, id, prerequisiteIds);
    respond(res, api.setTaskPrerequisites, taskIn(languageOf(req, res), task));
  });

  router.get(api.exportVentureCsv.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(api.exportVentureCsv.params, req.params);
    const data = await exportVenture(ctx, userId, id, languageOf(req, res));
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    attachment(res, `${data.fileBase}.csv`);
    // Streamed row by row; a cell starting with = + - @ tab or CR gets a leading ' (no formula injection).
    const csv = stringify({ header: true, columns: CSV_COLUMNS, escape_formulas: true });
    const write = pipeline(csv, res);
    for (const row of csvRows(data.export)) {
      if (!csv.write(row)) await new Promise((resolve) => csv.once('drain', resolve));
    }
    csv.end();
    await write;
  });

  router.get(api.exportVentureJson.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(api.exportVentureJson.params, req.params);
    const data = await exportVenture(ctx, userId, id, languageOf(req, res));
    attachment(res, `${data.fileBase}.json`);
    respond(res, api.exportVentureJson, data.export);
  });
}

function attachment(res: Response, fileName: string): void {
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('Cache-Control', 'no-store');
}
