/**
 * Who may see what and who may do what, in one place (docs/decisions/0054-policy-module.md). Repos and
 * services ask here; they do not restate a rule. Lint (eslint.config.js) keeps reads of `blocks`,
 * `mutes`, `group_members` and `group_blocks` for such decisions inside this folder.
 */
export * from './admin';
export * from './blocks';
export * from './bots';
export * from './events';
export * from './feed-visibility';
export * from './friend-requests';
export * from './groups';
export * from './invites';
export * from './mutes';
export * from './notifications';
export * from './outbound';
export * from './reports';
export * from './sql-viewer';
export * from './stack-actions';
export * from './stack-visibility';
export * from './users';
