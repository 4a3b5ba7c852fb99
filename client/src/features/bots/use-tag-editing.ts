import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { TIMINGS } from '../../../../shared/limits';
import { TagName, type Bot } from '../../../../shared/schemas/bots';
import { errorDetail, useTRPC } from '../../lib/trpc';
import { useActionOutcome } from '../../lib/use-action-outcome';
import { addTag, draftChanges, EMPTY_DRAFT, editorTags, toggleTag, type EditorTag, type TagDraft } from './tag-draft';

/** "Failed to save tags: {detail}", or the bare text when the server gave no detail (spec 2 §8). */
function failureText(prefix: string, error: unknown): string {
  const detail = errorDetail(error);
  return detail ? `${prefix}: ${detail}` : prefix;
}

/**
 * The tags editor's state (spec 2 §2.7, §5): the draft of added and removed tags, the text being
 * typed with its error or note, and Save and Purge, each saying how it went (a failure banner, a
 * success that clears itself).
 */
export function useTagEditing(bot: Bot) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const add = useMutation(trpc.bots.addKeywords.mutationOptions());
  const remove = useMutation(trpc.bots.removeKeywords.mutationOptions());
  const [draft, setDraft] = useState<TagDraft>(EMPTY_DRAFT);
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { outcome, show, run } = useActionOutcome({ successMs: TIMINGS.successBannerMs });
  const botKey = trpc.bots.get.queryKey({ id: bot.id });
  const changes = draftChanges(bot.keywords, draft);

  /** Adds what the input holds (spec 2 §5: on Enter, Tab or blur). Returns the new draft, or null when the text is invalid. */
  function commitInput(): TagDraft | null {
    if (text.trim() === '') {
      setInputError(null);
      return draft;
    }
    const parsed = TagName.safeParse(text);
    if (!parsed.success) {
      setInputError(parsed.error.issues[0]?.message ?? 'Invalid tag');
      setNote(null);
      return null;
    }
    const result = addTag(bot.keywords, draft, parsed.data);
    setInputError(null);
    setNote(result.outcome === 'duplicate' ? `“${parsed.data}” is already in the list.` : null);
    setText('');
    setDraft(result.draft);
    return result.draft;
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      commitInput();
    } else if (event.key === 'Tab' && text.trim() !== '') {
      // Tab separates tags: focus stays for the next one. Invalid text lets focus move on.
      if (commitInput()) event.preventDefault();
    }
  }

  /** A call that shows how it went; then (spec 2 §7) the bot is reloaded. Each mutation has already cached the bot it answered with. */
  async function changeTags(call: () => Promise<unknown>, success: string, failure: string) {
    setBusy(true);
    setNote(null);
    await run(call, { success, failure: (error) => failureText(failure, error) });
    await queryClient.invalidateQueries({ queryKey: botKey });
    setBusy(false);
  }

  async function save() {
    const current = commitInput();
    if (!current || busy) return;
    const { add: toAdd, remove: toRemove } = draftChanges(bot.keywords, current);
    if (toAdd.length + toRemove.length === 0) return;
    // Each answer is cached at once, so the first call's result shows even when the second fails.
    await changeTags(
      async () => {
        if (toAdd.length > 0) {
          queryClient.setQueryData(botKey, await add.mutateAsync({ id: bot.id, keywords: toAdd }));
          setDraft((d) => ({ ...d, added: [] }));
        }
        if (toRemove.length > 0) {
          queryClient.setQueryData(botKey, await remove.mutateAsync({ id: bot.id, keywords: toRemove }));
          setDraft((d) => ({ ...d, removed: [] }));
        }
      },
      'Tags saved.',
      'Failed to save tags',
    );
  }

  async function purge() {
    if (busy) return;
    // Spec 2 §4: purge removes every DISABLED tag; unsaved edits stay in the editor.
    await changeTags(async () => queryClient.setQueryData(botKey, await remove.mutateAsync({ id: bot.id, keywords: [], purge: true })), 'Disabled tags purged.', 'Failed to purge tags');
  }

  return {
    tags: editorTags(bot.keywords, draft),
    hasChanges: changes.add.length + changes.remove.length > 0,
    toggle: (tag: EditorTag) => setDraft((d) => toggleTag(d, tag)),
    input: {
      text,
      error: inputError,
      note,
      change(next: string) {
        setText(next);
        setInputError(null);
        setNote(null);
      },
      onKeyDown,
      commit: () => void commitInput(),
    },
    busy,
    outcome,
    dismiss: () => show(null),
    save: () => void save(),
    purge: () => void purge(),
  };
}
