import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The client's layers, as eslint.config.js states them, held against planted imports: the project's
 * own ESLint config lints code at real paths under client/src, and each forbidden import must be an
 * error of the rule that forbids it (a legal one, none at all).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The rules that report errors for `code` linted as if it were the file at `path` (from the repo root). */
async function errorsOf(path: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return result.messages.filter((message) => message.severity === 2).map((message) => message.ruleId);
}

const RESTRICTED_PATH = 'import-x/no-restricted-paths';

describe('client import boundaries (eslint.config.js)', () => {
  it('components/ may not import a feature or the app', async () => {
    expect(await errorsOf('client/src/components/avatar.tsx', "import { StackList } from '../features/stacks/stack-list';\nexport const probe = StackList;\n")).toContain(
      RESTRICTED_PATH,
    );
    expect(await errorsOf('client/src/components/avatar.tsx', "import { AppRoutes } from '../app/app';\nexport const probe = AppRoutes;\n")).toContain(RESTRICTED_PATH);
  });

  it('lib/ may not import the app or a feature', async () => {
    expect(await errorsOf('client/src/lib/events.ts', "import { LiveEvents } from '../app/live-events';\nexport const probe = LiveEvents;\n")).toContain(RESTRICTED_PATH);
    expect(await errorsOf('client/src/lib/events.ts', "import { GroupsTab } from '../features/groups/groups-tab';\nexport const probe = GroupsTab;\n")).toContain(
      RESTRICTED_PATH,
    );
  });

  it('a feature may not import the app', async () => {
    expect(await errorsOf('client/src/features/stacks/stack-card.tsx', "import { DashboardPage } from '../../app/dashboard/dashboard-page';\nexport const probe = DashboardPage;\n")).toContain(
      RESTRICTED_PATH,
    );
  });

  it('a feature may not import another feature', async () => {
    expect(await errorsOf('client/src/features/stacks/stack-card.tsx', "import { GroupCard } from '../groups/group-card';\nexport const probe = GroupCard;\n")).toContain(
      'no-restricted-imports',
    );
  });

  it('shared code, its own feature and the app composing features are fine', async () => {
    const legal = [
      "import { Modal } from '../../components/modal';",
      "import { useTRPC } from '../../lib/trpc';",
      "import { StackCard } from './stack-card';",
      'export const probe = [Modal, useTRPC, StackCard];',
    ].join('\n');
    expect(await errorsOf('client/src/features/stacks/stack-list.tsx', `${legal}\n`)).toEqual([]);
    expect(await errorsOf('client/src/app/app.tsx', "import { StackList } from '../features/stacks/stack-list';\nexport const probe = StackList;\n")).toEqual([]);
    expect(await errorsOf('client/src/components/avatar.tsx', "import { emit } from '../lib/events';\nexport const probe = emit;\n")).toEqual([]);
  });

  describe('import cycles', () => {
    // Two real files that import each other: a cycle is found by reading the imported files.
    const folder = join(root, 'client/src/lib', `lint-cycle-probe-${process.pid}`);
    beforeAll(() => {
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'a.ts'), "import { b } from './b';\nexport const a = () => b();\n");
      writeFileSync(join(folder, 'b.ts'), "import { a } from './a';\nexport const b = (): unknown => a;\n");
    });
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it('are errors', async () => {
      const results = await eslint.lintFiles([join(folder, 'a.ts'), join(folder, 'b.ts')]);
      for (const result of results) expect(result.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
    });

    it('are not reported for an import that goes one way', async () => {
      expect(await errorsOf('client/src/lib/auth-token.ts', "import { emit } from './events';\nexport const probe = emit;\n")).toEqual([]);
    });
  });
});
