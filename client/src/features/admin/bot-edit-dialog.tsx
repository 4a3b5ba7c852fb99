import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { UpdateBotInput, type AdminBot } from '../../../../shared/schemas/admin';
import { Modal, ModalActions } from '../../components/modal';
import { errorDetail, useTRPC } from '../../lib/trpc';
import { splitTags, WeekdayChoice } from './bot-fields';

/**
 * A bot's schedule and tags (docs/admin.md): weekdays, tags to add, tags to remove, and Purge of
 * its DISABLED tags. Saving sends only what changed.
 */
export function BotEditDialog({ bot, onClose, onSaved }: { bot: AdminBot; onClose(): void; onSaved(bot: AdminBot, message: string): void }) {
  const trpc = useTRPC();
  const update = useMutation(trpc.admin.updateBot.mutationOptions());
  const purge = useMutation(trpc.admin.purgeBot.mutationOptions());
  const formId = useId();
  const addId = useId();
  const [schedule, setSchedule] = useState<number[]>([...bot.schedule].sort((a, b) => a - b));
  const [added, setAdded] = useState('');
  const [removed, setRemoved] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const busy = update.isPending || purge.isPending;
  const disabledTags = bot.keywords.filter((keyword) => keyword.status === 'DISABLED');

  const sameSchedule = schedule.length === bot.schedule.length && schedule.every((day) => bot.schedule.includes(day));

  async function save(event: FormEvent) {
    event.preventDefault();
    const addTags = splitTags(added);
    const parsed = UpdateBotInput.safeParse({
      id: bot.id,
      schedule: sameSchedule ? undefined : schedule,
      add_tags: addTags.length > 0 ? addTags : undefined,
      remove_tags: removed.length > 0 ? removed : undefined,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Invalid change');
    setError(null);
    try {
      onSaved(await update.mutateAsync(parsed.data), `${bot.name} saved`);
    } catch (failure) {
      console.error('Failed to save the bot', failure);
      setError(errorDetail(failure) ?? 'Failed to save the bot');
    }
  }

  async function purgeDisabled() {
    setError(null);
    try {
      onSaved(await purge.mutateAsync({ id: bot.id }), `Disabled tags of ${bot.name} purged`);
    } catch (failure) {
      console.error('Failed to purge the tags', failure);
      setError(errorDetail(failure) ?? 'Failed to purge the tags');
    }
  }

  return (
    <Modal open wide title={`Edit ${bot.name}`} onClose={onClose} actions={<ModalActions onCancel={onClose} busy={busy} disabled={busy} form={formId} label={update.isPending ? 'Saving...' : 'Save'} />}>
      <form id={formId} className="space-y-3" onSubmit={(event) => void save(event)} noValidate>
        <WeekdayChoice value={schedule} onChange={setSchedule} />
        <fieldset className="fieldset rounded-box border border-base-300 p-3">
          <legend className="fieldset-legend">Tags to remove</legend>
          {bot.keywords.length === 0 ? (
            <p className="text-sm text-base-content/70">No tags.</p>
          ) : (
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {bot.keywords.map((keyword) => (
                <label key={keyword.id} className="label cursor-pointer gap-2">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm"
                    checked={removed.includes(keyword.name)}
                    onChange={(event) => setRemoved(event.target.checked ? [...removed, keyword.name] : removed.filter((name) => name !== keyword.name))}
                  />
                  <span className="label-text wrap-anywhere">
                    {keyword.name} <span className="text-xs text-base-content/60">({keyword.status.toLowerCase()})</span>
                  </span>
                </label>
              ))}
            </div>
          )}
        </fieldset>
        <div>
          <label className="block pb-1 text-sm" htmlFor={addId}>
            Tags to add (one per line)
          </label>
          <textarea id={addId} className="textarea w-full" rows={3} value={added} onChange={(event) => setAdded(event.target.value)} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className="btn btn-sm btn-outline" disabled={busy || disabledTags.length === 0} onClick={() => void purgeDisabled()}>
            Purge disabled tags
          </button>
          <span className="text-xs text-base-content/70">
            {disabledTags.length === 0 ? 'No disabled tags.' : `${disabledTags.length} disabled ${disabledTags.length === 1 ? 'tag' : 'tags'}.`}
          </span>
        </div>
        {error && (
          <p role="alert" className="text-sm text-error wrap-anywhere">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
