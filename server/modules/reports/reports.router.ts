import { z } from 'zod';
import { throttleSummary } from '../../../shared/limits';
import { CreateReportInput, ListReportsInput, Report, UpdateReportInput } from '../../../shared/schemas/reports';
import { adminProcedure, authedProcedure, router } from '../../trpc/init';
import { audited } from '../admin/audit.service';
import * as reports from './reports.service';

const tags = ['reports'];

export const reportsRouter = router({
  /** Reports a user, stack, comment or group the caller can see; 201 with the report. */
  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/v1/reports',
        tags,
        summary: `Report a user, stack, comment or group to the admins (${throttleSummary('reports')})`,
        successDescription: 'The report, as filed (201 Created).',
        errorResponses: [400, 401, 404, 409, 429],
      },
      successStatus: 201,
    })
    .input(CreateReportInput)
    .output(Report)
    .mutation(({ ctx, input }) => reports.createReport(ctx.db, ctx.viewer, input)),

  /** Admins: the queue; anyone else: their own reports. */
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/reports', tags, summary: 'Reports, newest first: every report for admins, my own for anyone else', errorResponses: [400, 401] } })
    .input(ListReportsInput)
    .output(z.array(Report))
    .query(({ ctx, input }) => reports.listReports(ctx.db, ctx.viewer, input)),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/v1/reports/{id}', tags, summary: 'Resolve, dismiss or reopen a report (admins); the reporter is notified', errorResponses: [400, 401, 403, 404] } })
    .input(UpdateReportInput)
    .output(Report)
    .mutation(({ ctx, input }) =>
      audited(
        ctx.db,
        { actorId: ctx.viewer.id, source: ctx.source },
        { action: 'reports.update', targetType: 'report', targetId: input.id, describe: (report) => `${report.status}${input.resolution_note ? `: ${input.resolution_note}` : ''}` },
        () => reports.updateReport(ctx.db, ctx.viewer, input),
      ),
    ),
});
