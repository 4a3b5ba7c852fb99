import { sql, type Kysely } from 'kysely';

/**
 * Live events bounded under abuse (docs/live-events.md, docs/decisions/0034-live-events-bounds.md). Three changes to the triggers
 * of 2026_11_24_100000_create_events.ts:
 *
 * - A transaction may turn the triggers' events off: `set_config('stacks.events', 'off', true)`
 *   (transaction-local). A gate on `events` then drops every row the triggers write, until the
 *   setting is set back; the bulk actions (Hide New Stacks, Clear Updates) do so and write one
 *   summary event of their own instead (server/modules/events/events.service.ts `quietly`).
 *   `session.revoked` always passes: a token's revocation must reach every instance.
 * - Hides: one `stack.hidden` per stack for all the users it was hidden for at once (their ids in
 *   `snapshot.hidden_for`, read by the recipients rule), and `stack.updated` only for a hide made
 *   by someone else (an admin's: admins see it in the stack's detail). A self-hide changes nothing
 *   others see, so they hear nothing. An admin hiding a stack for 500 members writes two rows.
 * - `session.revoked`: a change of a user's token version or of `is_active` (password reset,
 *   deactivation, any `ver` bump) writes a private event that no client receives: each instance's
 *   hub ends that user's streams opened with an older token (server/modules/events/event-hub.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function events_gate() returns trigger language plpgsql as $$
    begin
      if new.type <> 'session.revoked' and current_setting('stacks.events', true) = 'off' then
        return null;
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger events_gate before insert on events for each row execute function events_gate()`.execute(db);

  await sql`create or replace function events_on_hides() returns trigger language plpgsql as $$
    begin
      -- The bulk actions write their own summary: skip the work, not only the rows.
      if current_setting('stacks.events', true) = 'off' then
        return null;
      end if;
      if tg_op = 'INSERT' then
        insert into events (type, stack_id, snapshot, data)
          select 'stack.hidden', s.id, jsonb_build_object('hidden_for', jsonb_agg(h.user_id order by h.user_id)), events_stack_ref(s.id, s.parent_id)
          from changed h join stacks s on s.id = h.stack_id group by s.id order by s.id;
      end if;
      insert into events (type, stack_id, user_id, data)
        select 'stack.updated', s.id, s.owner_id, events_stack_ref(s.id, s.parent_id)
        from stacks s where s.id in (select stack_id from changed where hidden_by is distinct from user_id) order by s.id;
      return null;
    end $$`.execute(db);

  await sql`create function events_on_user_tokens() returns trigger language plpgsql as $$
    begin
      insert into events (type, user_id, data)
        values ('session.revoked', new.id, jsonb_build_object('token_version', new.token_version, 'is_active', new.is_active));
      return null;
    end $$`.execute(db);
  await sql`create trigger events_user_tokens after update of token_version, is_active on users for each row
    when (old.token_version is distinct from new.token_version or old.is_active is distinct from new.is_active)
    execute function events_on_user_tokens()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger events_user_tokens on users`.execute(db);
  await sql`drop function events_on_user_tokens()`.execute(db);
  await sql`drop trigger events_gate on events`.execute(db);
  await sql`drop function events_gate()`.execute(db);
  // The hides trigger of 2026_11_24_100000_create_events.ts, as it was.
  await sql`create or replace function events_on_hides() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into events (type, stack_id, user_id, data)
          select 'stack.hidden', s.id, h.user_id, events_stack_ref(s.id, s.parent_id)
          from changed h join stacks s on s.id = h.stack_id order by h.stack_id, h.user_id;
      end if;
      insert into events (type, stack_id, user_id, data)
        select 'stack.updated', s.id, s.owner_id, events_stack_ref(s.id, s.parent_id)
        from stacks s where s.id in (select stack_id from changed) order by s.id;
      return null;
    end $$`.execute(db);
}
