import { z } from 'zod';

/** GET /v1/site: what the signed-out pages show about the service (legal pages: how to reach us). */
export const SiteInfo = z
  .object({
    product_name: z.string(),
    contact_email: z.string().describe("The operator's contact address (CONTACT_EMAIL): deletion requests, appeals."),
  })
  .meta({ id: 'SiteInfo' });
export type SiteInfo = z.infer<typeof SiteInfo>;
