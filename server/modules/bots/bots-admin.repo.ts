import { jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/client';
import { botsWithAudience } from './bots.repo';

// Every bot as the admin console lists them (docs/admin.md): owner, audience, tags and last run in
// one statement a page.

function botsQuery(db: Db) {
  return botsWithAudience(db).select((eb) => [
    'b.generator',
    jsonObjectFrom(
      eb
        .selectFrom('bot_runs as r')
        .select(['r.run_on', 'r.success', 'r.stack_id', 'r.error'])
        .whereRef('r.bot_id', '=', 'b.id')
        .orderBy('r.run_on', 'desc')
        .orderBy('r.id', 'desc')
        .limit(1),
    ).as('last_run'),
  ]);
}

export type AdminBotRow = NonNullable<Awaited<ReturnType<typeof findBot>>>;

/** Every bot, newest first. */
export function listBots(db: Db, page: { offset: number; limit: number }) {
  return botsQuery(db).orderBy('b.id', 'desc').offset(page.offset).limit(page.limit).execute();
}

export function findBot(db: Db, id: number) {
  return botsQuery(db).where('b.id', '=', id).executeTakeFirst();
}

export function setSchedule(db: Db, id: number, schedule: number[]) {
  return db.updateTable('bots').set({ schedule: JSON.stringify(schedule) }).where('id', '=', id).execute();
}
