import type { BotKeyword } from '../../../../shared/schemas/bots';
import { NEW_TAG_STATUS, nextTagStatus, PURGED, tagAccepts, type TagStatus } from '../../../../shared/tag-lifecycle';

/**
 * The unsaved changes of the tags editor, kept apart from the bot's tags so that a reload (after
 * Save Tags or Purge) shows the server's statuses and drops entries that no longer apply.
 */
export interface TagDraft {
  /** Names to add, as typed and in order: new ones, or DISABLED ones brought back. */
  added: string[];
  /** Lower-cased names of existing PENDING or ACTIVE tags to remove. */
  removed: string[];
}

export const EMPTY_DRAFT: TagDraft = { added: [], removed: [] };

/** What clicking x does on a tag; null where the server has nothing to undo or remove. */
export type TagAction = 'remove' | 'restore' | null;

export interface EditorTag {
  key: string;
  name: string;
  /** The status shown: the server's, or the one the unsaved change will lead to. */
  status: TagStatus;
  is_available: boolean;
  change: 'none' | 'new' | 'readded' | 'removed';
  action: TagAction;
}

export type AddOutcome = 'added' | 'restored' | 'duplicate';

const keyOf = (name: string) => name.toLowerCase();
/** The server deactivates only these (DEACTIVATING and DISABLED tags are already on their way out). */
const isRemovable = (status: TagStatus) => tagAccepts(status, 'remove');
/** The server brings back only these (DISABLED): adding any other existing tag changes nothing. */
const isReaddable = (status: TagStatus) => tagAccepts(status, 'add');
/** The status an unsaved add or remove leads to, as the lifecycle table says. */
const statusAfter = (status: TagStatus, event: 'add' | 'remove'): TagStatus => {
  const next = nextTagStatus(status, event);
  return next === undefined || next === PURGED ? status : next;
};

/**
 * Spec 2 §4 "Tags in the editor": a new tag is PENDING, a re-added DISABLED one PENDING, a removed
 * existing one DEACTIVATING; the rest keep the server's status.
 */
export function editorTags(keywords: readonly BotKeyword[], draft: TagDraft): EditorTag[] {
  const added = new Set(draft.added.map(keyOf));
  const removed = new Set(draft.removed);
  const existing = new Set(keywords.map((keyword) => keyOf(keyword.name)));
  const tags: EditorTag[] = keywords.map((keyword) => {
    const key = keyOf(keyword.name);
    const base = { key: `tag:${keyword.id}`, name: keyword.name, is_available: keyword.is_available };
    if (isReaddable(keyword.status) && added.has(key)) return { ...base, status: statusAfter(keyword.status, 'add'), change: 'readded', action: 'remove' };
    if (isRemovable(keyword.status) && removed.has(key)) return { ...base, status: statusAfter(keyword.status, 'remove'), change: 'removed', action: 'restore' };
    return { ...base, status: keyword.status, change: 'none', action: isRemovable(keyword.status) ? 'remove' : null };
  });
  for (const name of draft.added) {
    if (!existing.has(keyOf(name))) tags.push({ key: `new:${keyOf(name)}`, name, status: NEW_TAG_STATUS, is_available: true, change: 'new', action: 'remove' });
  }
  return tags;
}

/**
 * Adds a (valid, trimmed) name: typing a removed tag again takes the removal back, a DISABLED one
 * is re-added; names already in the list (in any letter case) are left alone.
 */
export function addTag(keywords: readonly BotKeyword[], draft: TagDraft, name: string): { draft: TagDraft; outcome: AddOutcome } {
  const key = keyOf(name);
  const existing = keywords.find((keyword) => keyOf(keyword.name) === key);
  if (existing) {
    if (draft.removed.includes(key) && isRemovable(existing.status)) return { draft: { ...draft, removed: draft.removed.filter((k) => k !== key) }, outcome: 'restored' };
    if (isReaddable(existing.status) && !draft.added.some((n) => keyOf(n) === key)) return { draft: { ...draft, added: [...draft.added, existing.name] }, outcome: 'added' };
    return { draft, outcome: 'duplicate' };
  }
  if (draft.added.some((n) => keyOf(n) === key)) return { draft, outcome: 'duplicate' };
  return { draft: { ...draft, added: [...draft.added, name] }, outcome: 'added' };
}

/**
 * Clicking x: a new tag is dropped (a re-added one goes back to DISABLED), an existing one is
 * marked for removal, a removed one gets its status back.
 */
export function toggleTag(draft: TagDraft, tag: EditorTag): TagDraft {
  const key = keyOf(tag.name);
  switch (tag.change) {
    case 'new':
    case 'readded':
      return { ...draft, added: draft.added.filter((n) => keyOf(n) !== key) };
    case 'removed':
      return { ...draft, removed: draft.removed.filter((k) => k !== key) };
    case 'none':
      return tag.action === 'remove' ? { ...draft, removed: [...draft.removed, key] } : draft;
  }
}

/** What Save Tags sends: names to add (POST keywords) and names to remove (DELETE keywords). */
export function draftChanges(keywords: readonly BotKeyword[], draft: TagDraft): { add: string[]; remove: string[] } {
  const tags = editorTags(keywords, draft);
  return {
    add: tags.filter((tag) => tag.change === 'new' || tag.change === 'readded').map((tag) => tag.name),
    remove: tags.filter((tag) => tag.change === 'removed').map((tag) => tag.name),
  };
}
