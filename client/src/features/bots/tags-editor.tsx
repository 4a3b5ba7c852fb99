import { useId, type KeyboardEvent } from 'react';
import type { Bot } from '../../../../shared/schemas/bots';
import { OutcomeMessage } from '../../components/outcome-message';
import { TagBadge, TagLegend } from './tag-badges';
import { useTagEditing } from './use-tag-editing';

interface TagsEditorProps {
  bot: Bot;
  /** Spec 2 §6: the bot's owner, or any editor of a user bot. */
  canPurge: boolean;
  onBack(): void;
}

/** Spec 2 §2.7 and §4: the bot's tags, with Back, and Save Tags and Purge for those who may edit. */
export function TagsEditor({ bot, canPurge, onBack }: TagsEditorProps) {
  const uid = useId();
  const editing = useTagEditing(bot);
  const { tags, busy, input } = editing;
  const editable = bot.can_edit_tags;

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
              <TagBadge key={tag.key} tag={tag} editable={editable} disabled={busy} onToggle={() => editing.toggle(tag)} />
            ))}
          </ul>
        )}
        <TagLegend />
        {editable && <AddTagInput uid={uid} busy={busy} {...input} />}
        <OutcomeMessage outcome={editing.outcome} banner={{ onDismiss: editing.dismiss }} />
        <div className="flex flex-wrap gap-2 pt-1">
          <button type="button" className="btn" onClick={onBack}>
            Back
          </button>
          {editable && (
            <button type="button" className="btn btn-primary" onClick={editing.save} disabled={busy || (!editing.hasChanges && input.text.trim() === '')}>
              Save Tags
            </button>
          )}
          {editable && canPurge && (
            <button type="button" className="btn btn-error btn-outline" onClick={editing.purge} disabled={busy} aria-describedby={`${uid}-purge-hint`}>
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

interface AddTagInputProps {
  uid: string;
  busy: boolean;
  text: string;
  error: string | null;
  note: string | null;
  change(text: string): void;
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
  commit(): void;
}

/** The tag being typed: added on Enter, Tab or blur (spec 2 §5), with its error or a note under it. */
function AddTagInput({ uid, busy, text, error, note, change, onKeyDown, commit }: AddTagInputProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={`${uid}-input`} className="block text-sm font-medium">
        Add tag
      </label>
      <input
        id={`${uid}-input`}
        className={`input w-full sm:max-w-sm ${error ? 'input-error' : ''}`}
        value={text}
        placeholder="e.g. pizza or jazz (music)"
        autoComplete="off"
        disabled={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${uid}-hint${error ? ` ${uid}-error` : ''}`}
        onChange={(event) => change(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={commit}
      />
      <p id={`${uid}-hint`} className="text-sm text-base-content/60">
        Press Enter or Tab to add. Changes apply when you save.
      </p>
      {error && (
        <p id={`${uid}-error`} role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      {note && (
        <p role="status" className="text-sm text-base-content/70">
          {note}
        </p>
      )}
    </div>
  );
}
