import type { Kysely } from 'kysely';

/**
 * Who sandboxed a comment matters: its author may lift a sandbox they set themselves, but one an
 * admin set stays until an admin lifts it (spec 2 §6: unsandboxing comments is an admin power).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('comments').addColumn('sandboxed_by_admin', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('comments').dropColumn('sandboxed_by_admin').execute();
}
