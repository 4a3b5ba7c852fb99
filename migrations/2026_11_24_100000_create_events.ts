import { sql, type Kysely } from 'kysely';

/**
 * Live events (GET /v1/events, docs/live-events.md). Triggers on the tables a client shows write
 * one `events` row per change, whatever wrote it (services, the bot engine, the CLI), and
 * `pg_notify('stacks_events', id)` wakes the listener of every app instance on this database.
 *
 * - `seq` is the row's key; `id` is the public cursor, set when the transaction commits by a
 *   deferred trigger that holds a transaction-scoped advisory lock until the commit is visible.
 *   Cursors therefore become visible in increasing order: a reader that has seen cursor N never
 *   meets a later commit with a cursor below N, so "id > cursor" replays without loss.
 * - The columns are what the recipients rule reads (server/modules/events/events.repo.ts);
 *   `data` is the event's JSON as sent (shared/schemas/events.ts); `snapshot` keeps what a deleted
 *   stack's audience was, and whether a stack's sandbox changed; `restricted` is true when a
 *   comment was sandboxed before and after the change (only its author and admins may know).
 * - No foreign keys: an event outlives its object (a deletion is itself an event).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table events (
    seq bigserial primary key,
    id bigint unique,
    created_at timestamptz not null default now(),
    type text not null,
    stack_id integer,
    comment_id integer,
    notification_id integer,
    group_id integer,
    user_id integer,
    restricted boolean not null default false,
    snapshot jsonb,
    data jsonb not null
  )`.execute(db);
  await sql`create index events_created_idx on events (created_at)`.execute(db);
  await sql`create sequence events_cursor_seq as bigint`.execute(db);

  // The stack reference of shared/schemas/events.ts (StackRef).
  await sql`create function events_stack_ref(p_id integer, p_parent_id integer) returns jsonb language sql immutable as $$
    select jsonb_build_object('stack_id', p_id, 'type', case when p_parent_id is null then 'stack' else 'twisted' end, 'original_id', p_parent_id)
  $$`.execute(db);

  await sql`create function events_publish() returns trigger language plpgsql as $$
    declare
      cursor_id bigint;
    begin
      -- Held until the commit is visible: cursors are handed out in commit order.
      perform pg_advisory_xact_lock(hashtext('stacks_events'));
      cursor_id := nextval('events_cursor_seq');
      update events set id = cursor_id where seq = new.seq;
      perform pg_notify('stacks_events', cursor_id::text);
      return null;
    end $$`.execute(db);
  await sql`create constraint trigger events_publish after insert on events deferrable initially deferred
    for each row execute function events_publish()`.execute(db);

  await sql`create function events_on_stack() returns trigger language plpgsql as $$
    declare
      a stacks;
    begin
      if tg_op = 'INSERT' then
        insert into events (type, stack_id, user_id, data)
          values ('stack.created', new.id, new.owner_id, events_stack_ref(new.id, new.parent_id));
        return null;
      elsif tg_op = 'UPDATE' then
        insert into events (type, stack_id, user_id, snapshot, data)
          values ('stack.updated', new.id, new.owner_id,
            jsonb_build_object('sandbox_changed', old.is_sandboxed is distinct from new.is_sandboxed),
            events_stack_ref(new.id, new.parent_id));
        return null;
      end if;
      -- DELETE (before the row goes, so its answers and hides can be read). A twist deleted with
      -- its original: the original's own event tells the client (a twist is shown under it).
      if old.parent_id is null then
        a := old;
      else
        select * into a from stacks where id = old.parent_id;
        if not found then return old; end if;
      end if;
      insert into events (type, stack_id, user_id, group_id, snapshot, data)
        values ('stack.deleted', old.id, old.owner_id, a.group_id,
          jsonb_build_object(
            'parent_id', old.parent_id,
            'owner_id', old.owner_id,
            'mode', a.mode,
            'audience_owner_id', a.owner_id,
            'friend_id', a.friend_id,
            'group_id', a.group_id,
            'is_sandboxed', a.is_sandboxed,
            'responders', coalesce((select jsonb_agg(r.user_id) from stack_responses r where r.stack_id = a.id), '[]'::jsonb),
            'hidden_for', coalesce((select jsonb_agg(h.user_id) from stack_hides h
              where h.stack_id = a.id and h.hidden_by is distinct from h.user_id), '[]'::jsonb)),
          events_stack_ref(old.id, old.parent_id));
      return old;
    end $$`.execute(db);
  await sql`create trigger events_stack_insert after insert on stacks for each row execute function events_on_stack()`.execute(db);
  await sql`create trigger events_stack_update after update of name, positions, twist_description, is_sandboxed on stacks for each row
    when (old.name is distinct from new.name or old.positions is distinct from new.positions
      or old.twist_description is distinct from new.twist_description or old.is_sandboxed is distinct from new.is_sandboxed)
    execute function events_on_stack()`.execute(db);
  await sql`create trigger events_stack_delete before delete on stacks for each row execute function events_on_stack()`.execute(db);

  await sql`create function events_on_response() returns trigger language plpgsql as $$
    begin
      insert into events (type, stack_id, user_id, data)
        select 'stack.answered', s.id, new.user_id, events_stack_ref(s.id, s.parent_id) || jsonb_build_object('user_id', new.user_id)
        from stacks s where s.id = new.stack_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger events_response_insert after insert on stack_responses for each row execute function events_on_response()`.execute(db);

  await sql`create function events_on_comment() returns trigger language plpgsql as $$
    declare
      c comments;
      restricted_now boolean;
    begin
      if tg_op = 'DELETE' then
        c := old;
        restricted_now := old.is_sandboxed;
      elsif tg_op = 'UPDATE' then
        c := new;
        restricted_now := old.is_sandboxed and new.is_sandboxed;
      else
        c := new;
        restricted_now := new.is_sandboxed;
      end if;
      -- Comments deleted with their stack: the stack's own event tells the client.
      insert into events (type, stack_id, comment_id, user_id, restricted, data)
        select case when tg_op = 'INSERT' then 'comment.created' else 'comment.updated' end, s.id, c.id, c.user_id, restricted_now,
          jsonb_build_object('stack_id', s.id, 'type', case when s.parent_id is null then 'stack' else 'twisted' end, 'comment_id', c.id)
        from stacks s where s.id = c.stack_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger events_comment_insert after insert on comments for each row execute function events_on_comment()`.execute(db);
  await sql`create trigger events_comment_update after update of description, is_sandboxed on comments for each row
    when (old.description is distinct from new.description or old.is_sandboxed is distinct from new.is_sandboxed)
    execute function events_on_comment()`.execute(db);
  await sql`create trigger events_comment_delete after delete on comments for each row execute function events_on_comment()`.execute(db);

  // Hiding for several users at once is one statement: one stack.hidden per user, one stack.updated per stack.
  await sql`create function events_on_hides() returns trigger language plpgsql as $$
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
  await sql`create trigger events_hides_insert after insert on stack_hides referencing new table as changed
    for each statement execute function events_on_hides()`.execute(db);
  await sql`create trigger events_hides_delete after delete on stack_hides referencing old table as changed
    for each statement execute function events_on_hides()`.execute(db);

  await sql`create function events_on_notification() returns trigger language plpgsql as $$
    begin
      insert into events (type, notification_id, user_id, data)
        values ('notification.created', new.id, new.user_id, jsonb_build_object('notification_id', new.id, 'type', new.type));
      return null;
    end $$`.execute(db);
  await sql`create trigger events_notification_insert after insert on notifications for each row execute function events_on_notification()`.execute(db);

  await sql`create function events_on_member() returns trigger language plpgsql as $$
    declare
      m group_members;
    begin
      if tg_op = 'DELETE' then m := old; else m := new; end if;
      insert into events (type, group_id, user_id, data)
        values (case when tg_op = 'DELETE' then 'group.member_left' else 'group.member_joined' end, m.group_id, m.user_id,
          jsonb_build_object('group_id', m.group_id, 'user_id', m.user_id));
      return null;
    end $$`.execute(db);
  await sql`create trigger events_member_insert after insert on group_members for each row execute function events_on_member()`.execute(db);
  await sql`create trigger events_member_delete after delete on group_members for each row execute function events_on_member()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const triggers: [string, string][] = [
    ['events_member_delete', 'group_members'],
    ['events_member_insert', 'group_members'],
    ['events_notification_insert', 'notifications'],
    ['events_hides_delete', 'stack_hides'],
    ['events_hides_insert', 'stack_hides'],
    ['events_comment_delete', 'comments'],
    ['events_comment_update', 'comments'],
    ['events_comment_insert', 'comments'],
    ['events_response_insert', 'stack_responses'],
    ['events_stack_delete', 'stacks'],
    ['events_stack_update', 'stacks'],
    ['events_stack_insert', 'stacks'],
  ];
  for (const [name, table] of triggers) await sql`drop trigger ${sql.raw(name)} on ${sql.raw(table)}`.execute(db);
  for (const fn of ['events_on_member', 'events_on_notification', 'events_on_hides', 'events_on_comment', 'events_on_response', 'events_on_stack']) {
    await sql`drop function ${sql.raw(fn)}()`.execute(db);
  }
  await sql`drop table events`.execute(db);
  await sql`drop function events_publish()`.execute(db);
  await sql`drop function events_stack_ref(integer, integer)`.execute(db);
  await sql`drop sequence events_cursor_seq`.execute(db);
}
