import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TagStatus } from '../../shared/schemas/bots';
import {
  NEW_TAG_STATUS,
  nextTagStatus,
  PURGED,
  RUNNABLE_TAG_STATUSES,
  statusAfterRun,
  statusesFor,
  TAG_STATUSES,
  TAG_TRANSITIONS,
} from '../../shared/tag-lifecycle';

describe('the tag lifecycle table (spec 2 §4)', () => {
  it('adds new tags as PENDING; a run makes PENDING ACTIVE and DEACTIVATING DISABLED', () => {
    expect(NEW_TAG_STATUS).toBe('PENDING');
    expect(TAG_STATUSES.map(statusAfterRun)).toEqual(['ACTIVE', 'ACTIVE', 'DISABLED', 'DISABLED']);
    expect(statusesFor('run')).toEqual(['PENDING', 'DEACTIVATING']);
  });

  it('removes only PENDING and ACTIVE tags (to DEACTIVATING); adds back and purges only DISABLED ones', () => {
    expect(statusesFor('remove')).toEqual(['PENDING', 'ACTIVE']);
    expect(statusesFor('remove').map((status) => nextTagStatus(status, 'remove'))).toEqual(['DEACTIVATING', 'DEACTIVATING']);
    expect(statusesFor('add')).toEqual(['DISABLED']);
    expect(nextTagStatus('DISABLED', 'add')).toBe('PENDING');
    expect(statusesFor('purge')).toEqual(['DISABLED']);
    expect(nextTagStatus('DISABLED', 'purge')).toBe(PURGED);
  });

  it('leads only to known statuses, and runs use the tags that are ACTIVE after the run', () => {
    for (const events of Object.values(TAG_TRANSITIONS)) {
      for (const next of Object.values(events)) expect([...TAG_STATUSES, PURGED]).toContain(next);
    }
    expect(RUNNABLE_TAG_STATUSES).toEqual(['PENDING', 'ACTIVE']);
  });

  it('is the one list of statuses: the API schema, and the statuses the (frozen) migration allows', () => {
    expect(TagStatus.options).toEqual([...TAG_STATUSES]);
    const migration = readFileSync('migrations/2026_11_22_000005_create_bots.ts', 'utf8');
    const allowed = /status in \(([^)]*)\)/.exec(migration)?.[1].split(',').map((s) => s.trim().replace(/'/g, ''));
    expect(allowed).toEqual([...TAG_STATUSES]);
  });
});
