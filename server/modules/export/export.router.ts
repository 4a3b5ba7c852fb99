import { z } from 'zod';
import { DataExport, exportFileName } from '../../../shared/schemas/export';
import { authedProcedure, router } from '../../trpc/init';
import { exportMyData } from './export.service';

export const exportRouter = router({
  /**
   * Everything the signed-in user made or received, as one JSON document (also a download: the
   * REST answer carries Content-Disposition: attachment).
   */
  mine: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/v1/users/me/export',
        tags: ['users'],
        summary: 'Export my data (one JSON document)',
        description:
          'Profile, socials, friends and requests, blocks and mutes, stacks and twisted stacks with their answers, your answers and comments, groups, group invitations, notifications, invites and reports. Other people appear by username only. Each list holds at most `items_per_section` rows; cut lists are named in `truncated`.',
        responseHeaders: z.object({
          'Content-Disposition': z.string().describe('attachment; filename="stacks-export-{username}-{YYYY-MM-DD}.json"'),
        }),
        errorResponses: [401],
      },
    })
    .output(DataExport)
    .query(async ({ ctx }) => {
      const document = await exportMyData(ctx.db, ctx.viewer);
      ctx.resHeaders['Content-Disposition'] = `attachment; filename="${exportFileName(document.profile.username, document.exported_at)}"`;
      return document;
    }),
});
