import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The client's size limits of eslint.config.js (docs/STYLE.md habit 11), held against planted code:
 * the project's own config lints text at a path under client/src, so dropping or loosening either
 * rule fails here.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function errorsOf(path: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return result.messages.filter((message) => message.severity === 2).map((message) => message.ruleId);
}

/** A function of `lines` statements (each on its own line), with blank lines and comments between that do not count. */
function functionOf(name: string, lines: number): string {
  const body = Array.from({ length: lines }, (_, i) => `  total += ${i};\n\n  // step ${i}`).join('\n');
  return `export function ${name}() {\n  let total = 0;\n${body}\n  return total;\n}\n`;
}

describe('client size limits (eslint.config.js)', () => {
  it('a function over 100 lines is an error; blank lines and comments do not count', async () => {
    // 2 + 96 + 2 = 100 counted lines (with ~200 blank and comment lines): fine.
    expect(await errorsOf('client/src/features/stacks/stack-card.tsx', functionOf('fits', 96))).not.toContain('max-lines-per-function');
    expect(await errorsOf('client/src/features/stacks/stack-card.tsx', functionOf('tooLong', 97))).toContain('max-lines-per-function');
  });

  it('an immediately invoked function counts as a function', async () => {
    const body = Array.from({ length: 101 }, (_, i) => `  total += ${i};`).join('\n');
    const code = `let total = 0;\n(() => {\n${body}\n})();\nexport const probe = total;\n`;
    expect(await errorsOf('client/src/lib/events.ts', code)).toContain('max-lines-per-function');
  });

  it('a file over 300 lines is an error; blank lines and comments do not count', async () => {
    const lines = (count: number) => Array.from({ length: count }, (_, i) => `export const value${i} = ${i};\n\n// value ${i}`).join('\n') + '\n';
    expect(await errorsOf('client/src/lib/events.ts', lines(300))).not.toContain('max-lines');
    expect(await errorsOf('client/src/lib/events.ts', lines(301))).toContain('max-lines');
    expect(await errorsOf('client/src/components/avatar.tsx', lines(301))).toContain('max-lines');
  });
});
