import { sql, type Expression, type RawBuilder } from 'kysely';
import type { ViewerIdSql } from './sql-viewer';

/**
 * Mutes (docs/mute.md): one-way and read-time only. A mute filters the muter's views (stacks and
 * twists the muted user wrote or that twist theirs, their answers' banners, comments,
 * notifications, live events), never the muted user's, so an unmute restores everything. Every
 * read of `mutes` for such a decision is here; mutes.repo.ts only writes and lists one's own.
 */

/** True unless the viewer muted `other`: one probe of the mutes primary key. */
export function notMutedBy(viewer: ViewerIdSql, other: Expression<number | null>): RawBuilder<boolean> {
  return sql<boolean>`not exists (select 1 from mutes mu where mu.muter_id = ${viewer} and mu.muted_id = ${other})`;
}

/** The ids the viewer muted, as one sorted int[] (empty when none; sorted for the feed's bisection): read once per statement. */
export function mutedIdsOf(viewer: ViewerIdSql): RawBuilder<number[]> {
  // The cast makes it one array value, so `x = any(...)` compares with its elements.
  return sql<number[]>`(select coalesce(array_agg(mu.muted_id order by mu.muted_id), '{}') from mutes mu where mu.muter_id = ${viewer})::int[]`;
}

/**
 * True unless the viewer muted `other` (a non-null user id column), checked against the viewer's
 * muted ids read once per statement (mutedIdsOf): no index probe per row, which the feed's and the
 * detail's per-row checks (responders, comments) would otherwise pay. A bound viewer only.
 */
export function notMutedAmong(viewer: number, other: Expression<number>): RawBuilder<boolean> {
  return sql<boolean>`(${other} <> all(${mutedIdsOf(viewer)}))`;
}

/** Whether the user muted anyone: filters that cost a probe per row can be skipped for the many who did not. */
export const hasMuted = (userId: number) => sql<boolean>`exists (select 1 from mutes am where am.muter_id = ${userId})`;

/**
 * Stack row `alias` was not written by a user the viewer muted, nor is it a twist of one of their
 * stacks (`muted` is the viewer's muted ids, mutedIdsOf): such stacks are not in the viewer's feed.
 */
export const stackNotMutedAmong = (alias: string, muted: RawBuilder<number[]>) =>
  sql<boolean>`not (${sql.raw(alias)}.owner_id = any(${muted}) or ${sql.raw(alias)}.origin_owner_id = any(${muted}))`;

/** The same for the stack with id `stackId`, by one probe (live events: the viewer is a column). */
export function stackNotMutedBy(viewer: ViewerIdSql, stackId: Expression<number | null>): RawBuilder<boolean> {
  return sql<boolean>`not exists (select 1 from stacks ms join mutes mu on mu.muter_id = ${viewer} and mu.muted_id in (ms.owner_id, ms.origin_owner_id)
    where ms.id = ${stackId})`;
}

/** Notification row `alias` comes from a user its recipient `recipient` muted (its data.from_user_id). */
export function notificationFromMuted(recipient: ViewerIdSql, alias: string): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from mutes mu where mu.muter_id = ${recipient} and mu.muted_id = (${sql.raw(alias)}.data->>'from_user_id')::int)`;
}
