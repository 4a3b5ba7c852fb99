import { SiteInfo } from '../../../shared/schemas/site';
import { publicProcedure, router } from '../../trpc/init';
import * as site from './site.service';

export const siteRouter = router({
  /** Public: the service's name and contact address (the legal pages' 'by e-mail'). */
  info: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/site', tags: ['site'], protect: false, summary: 'The service: its name and contact e-mail address' } })
    .output(SiteInfo)
    .query(({ ctx }) => site.siteInfo(ctx.config)),
});
