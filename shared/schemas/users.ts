import { z } from 'zod';

export const SocialPlatform = z.enum(['telegram', 'signal']);
export const SocialVisibility = z.enum(['public', 'friends', 'private']);

export const Social = z
  .object({
    id: z.number().int(),
    platform: SocialPlatform,
    value: z.string(),
    visibility: SocialVisibility,
    link: z.string().nullable(),
    is_verified: z.boolean(),
  })
  .meta({ id: 'Social' });
export type Social = z.infer<typeof Social>;

export const Role = z.enum(['USER', 'ADMIN']);
export type Role = z.infer<typeof Role>;

export const CurrentUser = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    bio: z.string(),
    avatar_id: z.number().int().min(1).max(9),
    socials: z.array(Social),
    last_login: z.string().nullable().describe('Date of the last login (YYYY-MM-DD, UTC), or null.'),
    role: Role,
    is_email_verified: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof CurrentUser>;

export const DeactivateInput = z.object({
  confirm: z.literal(true, { error: 'confirm must be true' }),
});
