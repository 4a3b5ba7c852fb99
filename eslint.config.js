import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const clientServerImport = { regex: '^(\\.\\./)+server/(?!router$)', message: 'The client imports only the AppRouter type from server/router.' };

/** The feature folders under client/src/features, read at lint time so a new feature is covered at once. */
const features = readdirSync(new URL('./client/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Matches a relative import that reaches any feature folder but `own`, e.g. `../stacks/stack-card`. */
const crossFeatureImport = (own) => ({
  regex: `^(\\.\\./)+(features/)?(${features.filter((f) => f !== own).join('|')})(/|$)`,
  message: 'A feature does not import another feature; move what both need to components/ or lib/, or compose them in app/.',
});

/**
 * Who may see what is decided in server/policy/ (docs/decisions/0054-policy-module.md): elsewhere in the
 * server, no read of the blocks, mutes or group-membership tables, as a Kysely call
 * (`selectFrom('blocks as b')`, `innerJoin('mutes as mu', ...)`, also inside `eb.exists(...)`) or
 * as raw SQL (`sql\`... from group_members m ...\``). Writes (insertInto, deleteFrom) stay with
 * the repos that own the tables.
 */
const POLICY_TABLES = 'blocks|mutes|group_members|group_blocks';
const policyMessage = 'Access decisions read blocks, mutes and group membership only in server/policy/: ask the policy (server/policy/index.ts).';
const policyTableReads = [
  {
    selector: `CallExpression[callee.property.name=/^(selectFrom|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|innerJoinLateral|leftJoinLateral|crossJoinLateral)$/][arguments.0.value=/^(${POLICY_TABLES})(\\s+as\\s+\\w+)?$/]`,
    message: policyMessage,
  },
  {
    selector: `TaggedTemplateExpression[tag.name='sql'] TemplateElement[value.raw=/\\b(from|join)\\s+(${POLICY_TABLES})\\b/i]`,
    message: policyMessage,
  },
];

/**
 * Repos that own one of those tables and list a user's own rows (not access decisions), each with
 * its reason. Anything else that needs such a read asks server/policy/.
 */
const POLICY_TABLE_OWNERS = [
  'server/modules/friends/friends.repo.ts', // writes blocks; lists the blocks I made (GET /v1/users/blocks)
  'server/modules/mutes/mutes.repo.ts', // writes mutes; lists and counts the users I muted (LIMITS.mutesMax)
  'server/modules/groups/groups.repo.ts', // writes group_members and group_blocks; member counts, my groups, roles, removed members
  'server/modules/export/export.repo.ts', // exports my own blocks, mutes and memberships
];

/** A relative import of another domain's repo or SQL predicate file, from server/modules/<domain>/. */
const otherDomainImports = [
  { regex: '^\\.\\./[^./][^/]*/[^/]+\\.repo$', message: "Call the other domain's service, not its repo." },
  { regex: '(^|/)modules/[^/]+/[^/]+\\.repo$', message: "Call the other domain's service, not its repo." },
  { regex: '^\\.\\./[^./][^/]*/[^/]+\\.sql$', message: "Another domain's SQL pieces: who may see what is in server/policy; import it from there." },
  { regex: '(^|/)modules/[^/]+/[^/]+\\.sql$', message: "Another domain's SQL pieces: who may see what is in server/policy; import it from there." },
];

/**
 * SQL lives in repos (docs/decisions/0020-module-boundaries.md): a Kysely query (`selectFrom`,
 * `insertInto`, `updateTable`, `deleteFrom`, `mergeInto`, `replaceInto`) or a raw `sql` template is
 * written only in `*.repo.ts`, `*.sql.ts`, server/policy/ (the SQL forms of access rules) and
 * server/db/ (the database's own plumbing: connections, migrations, backups). Services and routers
 * call repos; a transaction (`db.transaction()`) is a service's to open.
 */
const sqlOutsideRepos = [
  {
    selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto|selectNoFrom)$/]',
    message: 'SQL is written in a repo (*.repo.ts) or an SQL piece (*.sql.ts); call it from here.',
  },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: 'SQL is written in a repo (*.repo.ts) or an SQL piece (*.sql.ts); call it from here.' },
  { selector: "CallExpression[callee.object.name='sql']", message: 'SQL is written in a repo (*.repo.ts) or an SQL piece (*.sql.ts); call it from here.' },
];
const SQL_HOMES = ['server/**/*.repo.ts', 'server/**/*.sql.ts', 'server/policy/**', 'server/db/**'];

export default tseslint.config(
  { ignores: ['node_modules', 'client/dist', 'data', 'coverage', 'tmp-*', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // The client may import only the AppRouter type from the server, and features do not import each
  // other (docs/STYLE.md habit 7, bulletproof-react): what two features share goes to components/ or lib/,
  // and only app/ (the composition root) puts features together. Flat config replaces a rule's options
  // as a whole, so each feature's block repeats the server pattern next to its own.
  {
    files: ['client/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [clientServerImport] }] },
  },
  ...features.map((feature) => ({
    files: [`client/src/features/${feature}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: [clientServerImport, crossFeatureImport(feature)] }] },
  })),
  // The client's layers: components/ and lib/ are shared by features and know none of them, and
  // features are put together only by app/ (the composition root), so nothing below app/ imports
  // it; and no import cycles in the client. Import paths are resolved (not matched as text), so
  // every spelling of a path counts. A rule of its own, so the no-restricted-imports blocks above
  // keep their options.
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Read .ts/.tsx files with the TypeScript parser when following imports (no-cycle needs their imports).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './client/src/components', from: ['./client/src/features', './client/src/app'], message: 'Shared components know no feature and not the app.' },
            { target: './client/src/lib', from: ['./client/src/features', './client/src/app'], message: 'Shared lib code knows no feature and not the app.' },
            { target: './client/src/features', from: './client/src/app', message: 'A feature does not import the app; the app composes features.' },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The client has the server's discipline (docs/STYLE.md habit 11): a component or hook fits on a
    // screen, a file holds one thing. Blank lines and comments aside; IIFEs count as functions.
    files: ['client/src/**/*.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true, IIFEs: true }],
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Server code a newcomer can read: no function over 80 lines (blank lines and comments aside),
    // no service file over 350 lines. A longer one is split into named steps or by concern.
    files: ['server/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
  {
    files: ['server/**/*.service.ts'],
    rules: { 'max-lines': ['error', { max: 350 }] },
  },
  {
    // A domain reaches another domain through its service, never its repos (docs/STYLE.md layout), and
    // another domain's SQL predicates through server/policy: from server/modules/<domain>/, any
    // '../<other>/<name>.repo' or '../<other>/<name>.sql' is another domain's.
    files: ['server/modules/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: otherDomainImports }] },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/policy/**', ...POLICY_TABLE_OWNERS],
    rules: { 'no-restricted-syntax': ['error', ...policyTableReads] },
  },
  {
    files: ['server/**/*.ts'],
    ignores: SQL_HOMES,
    rules: { 'no-restricted-syntax': ['error', ...sqlOutsideRepos, ...policyTableReads] },
  },
);
