import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { TagName, TagStatus, type Bot } from '../../../../shared/schemas/bots';
import { ErrorBanner } from '../../components/error-banner';
import { useTimedMessage } from '../../lib/timed-message';
import { errorDetail, useTRPC } from '../../lib/trpc';
import { addTag, draftChanges, EMPTY_DRAFT, editorTags, toggleTag, type EditorTag, type TagDraft } from './tag-draft';

/** Spec 2 §2.7 tag colours; DEACTIVATING gets its own orange so it never reads as PENDING's yellow. */
const TAG_STATUS_CLASSES: Record<TagStatus, string> = {
  PENDING: 'badge-warning',
  ACTIVE: 'badge-success',
  DEACTIVATING: 'border-orange-500 bg-orange-500 text-orange-950',
  DISABLED: 'badge-error',
};

const STATUS_LABELS: Record<TagStatus, string> = { PENDING: 'pending', ACTIVE: 'active', DEACTIVATING: 'deactivating', DISABLED: 'disabled' };
/** The legend shows the same words, capitalised. */
const LEGEND_ITEMS = TagStatus.options.map((status) => {
  const label = STATUS_LABELS[status];
  return [status, label.charAt(0).toUpperCase() + label.slice(1)] as const;
});
const UNAVAILABLE_HINT = 'Used in a recent run: not chosen again until every active tag has been used.';

interface TagsEditorProps {
  bot: Bot;
  /** Spec 2 §6: the bot's owner, or any editor of a user bot. */
  canPurge: boolean;
  onBack(): void;
}

/** "Failed to save tags: {detail}", or the bare text when the server gave no detail (spec 2 §8). */
function failureText(prefix: string, error: unknown): string {
  const detail = errorDetail(error);
  return detail ? `${prefix}: ${detail}` : prefix;
}

/** Spec 2 §2.7 and §4: the bot's tags, with Back, and Save Tags and Purge for those who may edit. */
export function TagsEditor({ bot, canPurge, onBack }: TagsEditorProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const add = useMutation(trpc.bots.addKeywords.mutationOptions());
  const remove = useMutation(trpc.bots.removeKeywords.mutationOptions());
  const uid = useId();
  const [draft, setDraft] = useState<TagDraft>(EMPTY_DRAFT);
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [success, showSuccess] = useTimedMessage();
  const [busy, setBusy] = useState(false);

  const editable = bot.can_edit_tags;
  const tags = editorTags(bot.keywords, draft);
  const changes = draftChanges(bot.keywords, draft);
  const hasChanges = changes.add.length + changes.remove.length > 0;
  const botKey = trpc.bots.get.queryKey({ id: bot.id });

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

  /** Spec 2 §7: after a save, the bot is reloaded. Each mutation has already cached the bot it answered with. */
  async function reload() {
    await queryClient.invalidateQueries({ queryKey: botKey });
  }

  async function save() {
    const current = commitInput();
    if (!current || busy) return;
    const { add: toAdd, remove: toRemove } = draftChanges(bot.keywords, current);
    if (toAdd.length + toRemove.length === 0) return;
    setBusy(true);
    setFailure(null);
    setNote(null);
    try {
      // Each answer is cached at once, so the first call's result shows even when the second fails.
      if (toAdd.length > 0) {
        const saved = await add.mutateAsync({ id: bot.id, keywords: toAdd });
        queryClient.setQueryData(botKey, saved);
        setDraft((d) => ({ ...d, added: [] }));
      }
      if (toRemove.length > 0) {
        const saved = await remove.mutateAsync({ id: bot.id, keywords: toRemove });
        queryClient.setQueryData(botKey, saved);
        setDraft((d) => ({ ...d, removed: [] }));
      }
      showSuccess('Tags saved.');
    } catch (error) {
      setFailure(failureText('Failed to save tags', error));
    } finally {
      await reload();
      setBusy(false);
    }
  }

  async function purge() {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    setNote(null);
    try {
      // Spec 2 §4: purge removes every DISABLED tag; unsaved edits stay in the editor.
      const saved = await remove.mutateAsync({ id: bot.id, keywords: [], purge: true });
      queryClient.setQueryData(botKey, saved);
      showSuccess('Disabled tags purged.');
    } catch (error) {
      setFailure(failureText('Failed to purge tags', error));
    } finally {
      await reload();
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${uid}-title`} className="card bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <h2 id={`${uid}-title`} className="card-title text-lg">
          Tags
        </h2>
        {tags.length === 0 ? (
          <p className="text-base-content/70">No tags yet.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Tags">
            {tags.map((tag) => (
              <TagBadge key={tag.key} tag={tag} editable={editable} disabled={busy} onToggle={() => setDraft((d) => toggleTag(d, tag))} />
            ))}
          </ul>
        )}
        <TagLegend />

        {editable && (
          <div className="space-y-1">
            <label htmlFor={`${uid}-input`} className="block text-sm font-medium">
              Add tag
            </label>
            <input
              id={`${uid}-input`}
              className={`input w-full sm:max-w-sm ${inputError ? 'input-error' : ''}`}
              value={text}
              placeholder="e.g. pizza or jazz (music)"
              autoComplete="off"
              disabled={busy}
              aria-invalid={inputError ? true : undefined}
              aria-describedby={`${uid}-hint${inputError ? ` ${uid}-error` : ''}`}
              onChange={(event) => {
                setText(event.target.value);
                setInputError(null);
                setNote(null);
              }}
              onKeyDown={onKeyDown}
              onBlur={() => commitInput()}
            />
            <p id={`${uid}-hint`} className="text-sm text-base-content/60">
              Press Enter or Tab to add. Changes apply when you save.
            </p>
            {inputError && (
              <p id={`${uid}-error`} role="alert" className="text-sm text-error">
                {inputError}
              </p>
            )}
            {note && (
              <p role="status" className="text-sm text-base-content/70">
                {note}
              </p>
            )}
          </div>
        )}

        {failure && <ErrorBanner message={failure} onDismiss={() => setFailure(null)} />}
        {success && (
          <p role="status" className="text-sm text-success">
            {success}
          </p>
        )}

        <div className="flex flex-wrap gap-2 pt-1">
          <button type="button" className="btn" onClick={onBack}>
            Back
          </button>
          {editable && (
            <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={busy || (!hasChanges && text.trim() === '')}>
              Save Tags
            </button>
          )}
          {editable && canPurge && (
            <button type="button" className="btn btn-error btn-outline" onClick={() => void purge()} disabled={busy} aria-describedby={`${uid}-purge-hint`}>
              Purge
            </button>
          )}
        </div>
        {editable && canPurge && (
          <p id={`${uid}-purge-hint`} className="text-sm text-base-content/60">
            Purge removes all disabled tags and leaves active ones.
          </p>
        )}
        {!editable && <p className="text-sm text-base-content/60">Only the bot's owner, its audience or an admin can edit its tags.</p>}
      </div>
    </section>
  );
}

function TagBadge({ tag, editable, disabled, onToggle }: { tag: EditorTag; editable: boolean; disabled: boolean; onToggle(): void }) {
  const title = tag.is_available ? STATUS_LABELS[tag.status] : `${STATUS_LABELS[tag.status]}. ${UNAVAILABLE_HINT}`;
  return (
    <li className={`badge max-w-full gap-1 ${TAG_STATUS_CLASSES[tag.status]} ${tag.is_available ? '' : 'italic'}`} title={`${tag.name}: ${title}`} data-status={tag.status}>
      {/* A badge is one line: a long tag is cut with an ellipsis, whole in the title. */}
      <span className="min-w-0 truncate">{tag.name}</span>
      <span className="sr-only">({STATUS_LABELS[tag.status]})</span>
      {editable && tag.action && (
        <button
          type="button"
          className="-mr-1 rounded-full px-1 leading-none hover:bg-black/15 focus-visible:outline-2 focus-visible:outline-current"
          aria-label={`${tag.action === 'remove' ? 'Remove' : 'Restore'} tag ${tag.name}`}
          title={tag.action === 'remove' ? 'Remove' : 'Restore'}
          disabled={disabled}
          onClick={onToggle}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </li>
  );
}

function TagLegend() {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-base-content/60">
      {LEGEND_ITEMS.map(([status, label]) => (
        <span key={status} className="inline-flex items-center gap-1">
          <span aria-hidden="true" className={`badge badge-xs ${TAG_STATUS_CLASSES[status]}`} />
          {label}
        </span>
      ))}
      <span className="italic">Italic: used recently</span>
    </p>
  );
}
