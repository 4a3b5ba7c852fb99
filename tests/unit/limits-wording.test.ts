import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { editWindowText, LIMITS, minutesInWords } from '../../shared/limits';
import { STACK_MESSAGES } from '../../shared/schemas/stacks';

describe('texts that state a limit', () => {
  it('says a span of minutes as the texts do', () => {
    expect(minutesInWords(60)).toBe('an hour');
    expect(minutesInWords(120)).toBe('2 hours');
    expect(minutesInWords(1)).toBe('a minute');
    expect(minutesInWords(30)).toBe('30 minutes');
    expect(minutesInWords(90)).toBe('90 minutes');
  });

  it('states the edit window from LIMITS.editWindowMinutes, "an hour" today', () => {
    expect(editWindowText()).toBe(minutesInWords(LIMITS.editWindowMinutes));
    expect(LIMITS.editWindowMinutes).toBe(60);
    expect(editWindowText()).toBe('an hour');
    expect(STACK_MESSAGES.editClosed).toBe('This stack can no longer be edited. It may have been created more than an hour ago or someone has already responded.');
  });
});

describe('shared/schemas', () => {
  const dir = new URL('../../shared/schemas/', import.meta.url);
  const sources = readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({
      name,
      // Comments may name a number; code and texts may not.
      code: readFileSync(new URL(name, dir), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, ''),
    }));

  it('take every bound from LIMITS: no literal above 1 in min/max/length, no literal page size', () => {
    for (const { name, code } of sources) {
      expect(code.match(/\.(min|max|length)\((?![01]\b)\d[\d_]*/g) ?? [], name).toEqual([]);
      expect(code.match(/limit: \d/g) ?? [], name).toEqual([]);
    }
  });

  it('build the texts that state a limit from it', () => {
    for (const { name, code } of sources) {
      expect(code.match(/\b\d+ (characters|bytes)\b|\ban hour\b|\bfrom \d+ to \d+\b/g) ?? [], name).toEqual([]);
    }
  });
});
