import { z } from 'zod';
import { AGREEMENT } from '../limits';
import { MAX_SCORE } from '../scoring';
import { UserRef } from './common';

/** A member as a pair names them: id and username, so a client needs no further calls. */
const PairMember = z.object({ id: z.number().int(), username: z.string() }).meta({ id: 'PairMember' });

/** Two members who answered at least one common stack of the group, and how well they agree. */
export const AgreementPair = z
  .object({
    user_a: PairMember.describe('The member with the smaller id.'),
    user_b: PairMember.describe('The member with the larger id.'),
    score: z.number().describe(`The exact mean friendship score (0-${MAX_SCORE}) over the group stacks both answered (not rounded).`),
    stacks: z.number().int().describe('How many group stacks both answered.'),
  })
  .meta({ id: 'AgreementPair' });
export type AgreementPair = z.infer<typeof AgreementPair>;

/** GET /v1/groups/{id}/agreement. */
export const GroupAgreement = z
  .object({
    members: z.array(UserRef).describe('Current members the viewer may see (blocks either way left out), by username.'),
    pairs: z.array(AgreementPair).describe('Every pair with at least one common answered stack, by user_a.id then user_b.id.'),
    stacks_considered: z.number().int().describe(`Group stacks read: the newest ones the viewer may see, at most AGREEMENT.groupStacksMax (${AGREEMENT.groupStacksMax}).`),
  })
  .meta({ id: 'GroupAgreement' });
export type GroupAgreement = z.infer<typeof GroupAgreement>;

/** One stack (or twisted stack) both the viewer and another user answered, with their score. */
export const SharedScore = z
  .object({
    stack_id: z.number().int().describe('The stack, or the twisted stack (open it under /v1/twisted_stacks/{id}).'),
    name: z.string().nullable(),
    type: z.enum(['friend', 'group']),
    is_twisted: z.boolean(),
    answered_at: z.string().describe('When the later of the two answers was given (ISO-8601).'),
    score: z.number().int().describe(`The friendship score (0-${MAX_SCORE}) between the two answers.`),
  })
  .meta({ id: 'SharedScore' });
export type SharedScore = z.infer<typeof SharedScore>;
