import { sql, type Kysely } from 'kysely';

/**
 * What a request says about itself beyond its route, kept with its history action (`detail`): an import's file
 * name, so the History screen can say 'Imported 1,000 drivers from drivers.csv'. The request's history context
 * (server/history/context.ts) carries it; a trigger copies it as the action is first written, so the recording
 * functions of migrations 0011 and 0018 stay as they are.
 */
const statements = [
  `alter table history_actions add column detail jsonb`,
  `create function history_action_detail() returns trigger language plpgsql as $$
    begin
      new.detail := nullif(current_setting('app.history', true), '')::jsonb -> 'detail';
      return new;
    end $$`,
  `create trigger history_actions_detail before insert on history_actions for each row execute function history_action_detail()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`drop trigger if exists history_actions_detail on history_actions`).execute(db);
  await sql.raw(`drop function if exists history_action_detail()`).execute(db);
  await sql.raw(`alter table history_actions drop column if exists detail`).execute(db);
}
