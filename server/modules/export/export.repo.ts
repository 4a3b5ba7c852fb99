import { sql, type ExpressionBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/client';
import { isoTimestamp } from '../../db/dates';
import type { Database } from '../../db/schema';
import type { Viewer } from '../../viewer';
import { canSeeStack, inviteStateOf, joinedUsernameOf, notBlockedBetween } from '../../policy';

/**
 * The data export reads the user's rows of every domain. It is a read model of its own: one
 * statement, whatever the amount of data (a snapshot, consistent across sections), each list
 * capped at `cap + 1` rows so the service can tell a list that was cut.
 */

/** A timestamp as the API writes it, formatted in SQL so nested JSON needs no mapping. */
const isoRef = (ref: string) => isoTimestamp(sql.ref<Date | null>(ref));
const isoNotNull = (ref: string) => sql<string>`${isoRef(ref)}`;

/** The ranking (item indices, best first) of `answers` as the positions' texts of `stacks`. */
const rankedPositions = (answers: string, stacks: string) =>
  sql<string[]>`(select coalesce(jsonb_agg(${sql.ref(`${stacks}.positions`)}->>(x.idx::int) order by x.ord), '[]'::jsonb)
    from jsonb_array_elements_text(${sql.ref(`${answers}.ranking`)}) with ordinality as x(idx, ord))`;

/** Each section is a subquery of the one statement over `users as u`, built from its expression builder. */
type ExportEb = ExpressionBuilder<Database & { u: Database['users'] }, 'u'>;

/** My social accounts. */
function socialsSection(eb: ExportEb, me: number, limit: number) {
  return jsonArrayFrom(
    eb
      .selectFrom('socials as so')
      .select(['so.platform', 'so.value', 'so.visibility', sql<boolean>`so.verified_at is not null`.as('is_verified'), isoNotNull('so.created_at').as('created_at'), isoNotNull('so.updated_at').as('updated_at')])
      .where('so.user_id', '=', me)
      .orderBy('so.platform')
      .limit(limit),
  );
}

/** My friends. */
function friendsSection(eb: ExportEb, me: number, limit: number) {
  return jsonArrayFrom(
    eb
      .selectFrom('friendships as fs')
      .innerJoin('users as fu', 'fu.id', 'fs.friend_id')
      .select(['fu.username', isoNotNull('fs.created_at').as('since')])
      .where('fs.user_id', '=', me)
      .orderBy('fs.created_at', 'desc')
      .limit(limit),
  );
}

/** Friend requests I sent. */
function friendRequestsSentSection(eb: ExportEb, me: number, limit: number) {
  return jsonArrayFrom(
    eb
      .selectFrom('friend_requests as fr')
      .innerJoin('users as tu', 'tu.id', 'fr.to_user_id')
      // An ignored request reads as pending to its sender, here as everywhere (docs/friend-requests.md).
      .select([
        'tu.username',
        sql<'PENDING' | 'ACCEPTED' | 'CANCELLED'>`case when fr.status = 'REJECTED' then 'PENDING' else fr.status end`.as('status'),
        isoNotNull('fr.created_at').as('created_at'),
        sql<string | null>`case when fr.status = 'ACCEPTED' then ${isoRef('fr.responded_at')} end`.as('responded_at'),
      ])
      .where('fr.from_user_id', '=', me)
      .orderBy('fr.id', 'desc')
      .limit(limit),
  );
}

/** Friend requests I received. */
function friendRequestsReceivedSection(eb: ExportEb, me: number, limit: number) {
  return jsonArrayFrom(
    eb
      .selectFrom('friend_requests as fr')
      .innerJoin('users as fu', 'fu.id', 'fr.from_user_id')
      .select(['fu.username', 'fr.status', isoNotNull('fr.created_at').as('created_at'), isoRef('fr.responded_at').as('responded_at')])
      .where('fr.to_user_id', '=', me)
      .orderBy('fr.id', 'desc')
      .limit(limit),
  );
}

/** Users I blocked. */
function blocksSection(eb: ExportEb, me: number, limit: number) {
  return jsonArrayFrom(
    eb
      .selectFrom('blocks as b')
      .innerJoin('users as bu', 'bu.id', 'b.blocked_id')
      .select(['bu.username', isoNotNull('b.created_at').as('since')])
      .where('b.blocker_id', '=', me)
      .orderBy('b.created_at', 'desc')
      .limit(limit),
  );
}

/** Users I muted. */
function mutesSection(eb: ExportEb, me: number, limit: number) {
  return jsonArrayFrom(
    eb
      .selectFrom('mutes as m')
      .innerJoin('users as mu', 'mu.id', 'm.muted_id')
      .select(['mu.username', isoNotNull('m.created_at').as('since')])
      .where('m.muter_id', '=', me)
      .orderBy('m.created_at', 'desc')
      .limit(limit),
  );
}

/**
 * Stacks I made. Others' answers only as the stack detail would show them to me now: I
 * answered, I may still see the stack, and neither of us blocked the other.
 */
function stacksSection(eb: ExportEb, me: number, limit: number, isAdmin: boolean) {
  return jsonArrayFrom(
    eb
      .selectFrom('stacks as s')
      .leftJoin('users as au', 'au.id', 's.friend_id')
      .leftJoin('groups as ag', 'ag.id', 's.group_id')
      .leftJoin('bots as sb', 'sb.id', 's.bot_id')
      .select((sub) => [
        's.id',
        sql<'stack' | 'twisted'>`case when s.parent_id is null then 'stack' else 'twisted' end`.as('type'),
        's.parent_id as original_stack_id',
        's.name',
        's.twist_description',
        's.positions',
        sql<{ type: 'friend' | 'group'; username: string | null; group_name: string | null }>`json_build_object(
              'type', s.mode, 'username', au.username, 'group_name', ag.name)`.as('audience'),
        'sb.name as bot_name',
        's.is_sandboxed',
        isoNotNull('s.created_at').as('created_at'),
        jsonArrayFrom(
          sub
            .selectFrom('stack_responses as r')
            .innerJoin('users as ru', 'ru.id', 'r.user_id')
            .select(['ru.username', rankedPositions('r', 's').as('ranking'), isoNotNull('r.created_at').as('answered_at')])
            .whereRef('r.stack_id', '=', 's.id')
            .where((w) =>
              w.or([
                w('r.user_id', '=', me),
                w.and([
                  sql<boolean>`exists (select 1 from stack_responses mine where mine.stack_id = s.id and mine.user_id = ${me})`,
                  canSeeStack(me, isAdmin),
                  notBlockedBetween(me, sql.ref('r.user_id')),
                ]),
              ]),
            )
            .orderBy('r.created_at'),
        ).as('answers'),
      ])
      .where('s.owner_id', '=', me)
      .orderBy('s.id', 'desc')
      .limit(limit),
  );
}

/** My answers, to stacks and twisted stacks, as position texts. */
function answersSection(eb: ExportEb, me: number, limit: number) {
  return jsonArrayFrom(
    eb
      .selectFrom('stack_responses as r')
      .innerJoin('stacks as rs', 'rs.id', 'r.stack_id')
      .select([
        'r.stack_id',
        sql<'stack' | 'twisted'>`case when rs.parent_id is null then 'stack' else 'twisted' end`.as('type'),
        'rs.name as stack_name',
        rankedPositions('r', 'rs').as('ranking'),
        isoNotNull('r.created_at').as('answered_at'),
      ])
      .where('r.user_id', '=', me)
      .orderBy('r.created_at', 'desc')
      .limit(limit),
  );
}

/** My comments. */
function commentsSection(eb: ExportEb, me: number, limit: number) {
  return jsonArrayFrom(
    eb
      .selectFrom('comments as c')
      .select(['c.id', 'c.stack_id', 'c.description', 'c.is_sandboxed', isoNotNull('c.created_at').as('created_at'), isoNotNull('c.updated_at').as('updated_at')])
      .where('c.user_id', '=', me)
      .orderBy('c.id', 'desc')
      .limit(limit),
  );
}

/** Groups I belong to, with my role. */
function groupsSection(eb: ExportEb, me: number, limit: number) {
  return jsonArrayFrom(
    eb
      .selectFrom('group_members as gm')
      .innerJoin('groups as g', 'g.id', 'gm.group_id')
      .select([
        'g.id',
        'g.name',
        'gm.role',
        isoNotNull('gm.joined_at').as('joined_at'),
        'g.is_public',
        'g.is_restricted',
        'g.is_readonly',
        sql<boolean>`g.retired_at is not null`.as('is_retired'),
      ])
      .where('gm.user_id', '=', me)
      .orderBy('gm.joined_at', 'desc')
      .limit(limit),
  );
}

/** Group invitations I sent. */
function groupInvitationsSentSection(eb: ExportEb, me: number, limit: number) {
  return jsonArrayFrom(
    eb
      .selectFrom('group_requests as gr')
      .innerJoin('groups as g', 'g.id', 'gr.group_id')
      .innerJoin('users as tu', 'tu.id', 'gr.to_user_id')
      .select(['g.name as group_name', 'tu.username', 'gr.status', isoNotNull('gr.created_at').as('created_at'), isoRef('gr.responded_at').as('responded_at')])
      .where('gr.from_user_id', '=', me)
      .orderBy('gr.id', 'desc')
      .limit(limit),
  );
}

/** Group invitations I received. */
function groupInvitationsReceivedSection(eb: ExportEb, me: number, limit: number) {
  return jsonArrayFrom(
    eb
      .selectFrom('group_requests as gr')
      .innerJoin('groups as g', 'g.id', 'gr.group_id')
      .innerJoin('users as fu', 'fu.id', 'gr.from_user_id')
      .select(['g.name as group_name', 'fu.username', 'gr.status', isoNotNull('gr.created_at').as('created_at'), isoRef('gr.responded_at').as('responded_at')])
      .where('gr.to_user_id', '=', me)
      .orderBy('gr.id', 'desc')
      .limit(limit),
  );
}

/** My notifications. */
function notificationsSection(eb: ExportEb, me: number, limit: number) {
  return jsonArrayFrom(
    eb
      .selectFrom('notifications as n')
      .select(['n.id', 'n.type', 'n.data', 'n.is_read', isoNotNull('n.created_at').as('created_at')])
      .where('n.user_id', '=', me)
      .orderBy('n.id', 'desc')
      .limit(limit),
  );
}

/** My personal invites, and who joined through each. */
function invitesSection(eb: ExportEb, me: number, limit: number) {
  return jsonArrayFrom(
    eb
      .selectFrom('registration_codes as rc')
      .select([
        'rc.code',
        inviteStateOf('rc').as('state'),
        isoNotNull('rc.created_at').as('created_at'),
        isoNotNull('rc.expires_at').as('expires_at'),
        joinedUsernameOf('rc', me).as('joined'),
      ])
      .where('rc.is_invite', '=', true)
      .where('rc.created_by', '=', me)
      .orderBy('rc.id', 'desc')
      .limit(limit),
  );
}

/** Reports I filed, and how they were resolved. */
function reportsSection(eb: ExportEb, me: number, limit: number) {
  return jsonArrayFrom(
    eb
      .selectFrom('reports as rp')
      .select([
        'rp.id',
        'rp.target_type',
        'rp.target_id',
        'rp.reason',
        'rp.note',
        'rp.status',
        'rp.resolution_note',
        isoNotNull('rp.created_at').as('created_at'),
        isoRef('rp.resolved_at').as('resolved_at'),
      ])
      .where('rp.reporter_id', '=', me)
      .orderBy('rp.id', 'desc')
      .limit(limit),
  );
}

export function readExport(db: Db, viewer: Viewer, cap: number) {
  const me = viewer.id;
  const limit = cap + 1;
  return db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      'u.username',
      'u.email',
      'u.bio',
      'u.avatar_id',
      'u.role',
      sql<boolean>`u.email_verified_at is not null`.as('is_email_verified'),
      isoRef('u.email_verified_at').as('email_verified_at'),
      isoRef('u.last_login_at').as('last_login_at'),
      isoNotNull('u.created_at').as('created_at'),
      socialsSection(eb, me, limit).as('socials'),
      friendsSection(eb, me, limit).as('friends'),
      friendRequestsSentSection(eb, me, limit).as('friend_requests_sent'),
      friendRequestsReceivedSection(eb, me, limit).as('friend_requests_received'),
      blocksSection(eb, me, limit).as('blocks'),
      mutesSection(eb, me, limit).as('mutes'),
      stacksSection(eb, me, limit, viewer.isAdmin).as('stacks'),
      answersSection(eb, me, limit).as('answers'),
      commentsSection(eb, me, limit).as('comments'),
      groupsSection(eb, me, limit).as('groups'),
      groupInvitationsSentSection(eb, me, limit).as('group_invitations_sent'),
      groupInvitationsReceivedSection(eb, me, limit).as('group_invitations_received'),
      notificationsSection(eb, me, limit).as('notifications'),
      invitesSection(eb, me, limit).as('invites'),
      reportsSection(eb, me, limit).as('reports'),
    ])
    .where('u.id', '=', me)
    .executeTakeFirst();
}
