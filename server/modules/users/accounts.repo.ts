import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { containsPattern } from './relations.sql';

// Accounts as the admin console lists them (docs/admin.md): every account, deactivated ones too,
// with who invited whom, in one statement a page.

function usersQuery(db: Db) {
  return db
    .selectFrom('users as u')
    .leftJoin('registration_codes as used', 'used.id', 'u.registration_code_id')
    .leftJoin('users as inviter', 'inviter.id', 'used.created_by')
    .select((eb) => [
      'u.id',
      'u.username',
      'u.email',
      'u.role',
      'u.is_active',
      sql<boolean>`u.email_verified_at is not null`.as('email_verified'),
      'u.created_at',
      'u.last_login_at',
      'inviter.id as inviter_id',
      'inviter.username as inviter_username',
      eb
        .selectFrom('registration_codes as mine')
        .innerJoin('users as joined', 'joined.registration_code_id', 'mine.id')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('mine.created_by', '=', 'u.id')
        .as('invited_count'),
    ]);
}

/** Every account, deactivated ones too; `q` matches part of a username or e-mail address. */
export function listUsers(db: Db, options: { q?: string; offset: number; limit: number }) {
  let query = usersQuery(db);
  if (options.q) {
    const pattern = containsPattern(options.q);
    query = query.where((eb) => eb.or([eb(sql`lower(u.username)`, 'like', pattern), eb(sql`lower(u.email)`, 'like', pattern)]));
  }
  return query.orderBy(sql`lower(u.username)`).orderBy('u.id').offset(options.offset).limit(options.limit).execute();
}

export function findUser(db: Db, id: number) {
  return usersQuery(db).where('u.id', '=', id).executeTakeFirst();
}

export async function findUserIdByUsername(db: Db, username: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('id').where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
  return row?.id;
}

export function setRole(db: Db, id: number, role: 'USER' | 'ADMIN') {
  return db.updateTable('users').set({ role }).where('id', '=', id).returning('id').executeTakeFirst();
}

