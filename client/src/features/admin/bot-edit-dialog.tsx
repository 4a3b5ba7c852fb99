import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { UpdateBotInput, type AdminBot } from '../../../../shared/schemas/admin';
import { Form, FormAlert, useSchemaForm } from '../../components/form';
import { Modal, ModalActions } from '../../components/modal';
import { errorDetail, useTRPC } from '../../lib/trpc';
import { splitTags, WeekdayChoice } from './bot-fields';

interface BotEditValues {
  schedule: number[];
  add_tags: string;
  remove_tags: string[];
}

/** Only what changed is sent. */
const toUpdateBotInput = (bot: AdminBot) => (values: BotEditValues) => {
  const sameSchedule = values.schedule.length === bot.schedule.length && values.schedule.every((day) => bot.schedule.includes(day));
  const addTags = splitTags(values.add_tags);
  return {
    id: bot.id,
    schedule: sameSchedule ? undefined : values.schedule,
    add_tags: addTags.length > 0 ? addTags : undefined,
    remove_tags: values.remove_tags.length > 0 ? values.remove_tags : undefined,
  };
};

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
  const form = useSchemaForm<BotEditValues, UpdateBotInput>(UpdateBotInput, {
    defaultValues: { schedule: [...bot.schedule].sort((a, b) => a - b), add_tags: '', remove_tags: [] },
    toInput: toUpdateBotInput(bot),
    firstIssueOnly: true,
  });
  const busy = update.isPending || purge.isPending;

  /** Saving or purging: the bot as it is now, or the refusal under the form. */
  async function send(call: () => Promise<AdminBot>, message: string, failure: string) {
    try {
      onSaved(await call(), message);
    } catch (error) {
      console.error(failure, error);
      form.setError('root', { message: errorDetail(error) ?? failure });
    }
  }

  function purgeDisabled() {
    form.clearErrors();
    void send(() => purge.mutateAsync({ id: bot.id }), `Disabled tags of ${bot.name} purged`, 'Failed to purge the tags');
  }

  return (
    <Modal open wide title={`Edit ${bot.name}`} onClose={onClose} actions={<ModalActions onCancel={onClose} busy={busy} disabled={busy} form={formId} label={update.isPending ? 'Saving...' : 'Save'} />}>
      <Form form={form} onSubmit={(input) => send(() => update.mutateAsync(input), `${bot.name} saved`, 'Failed to save the bot')} id={formId} className="space-y-3">
        <WeekdayChoice value={form.watch('schedule')} onChange={(days) => form.setValue('schedule', days)} />
        <TagsToRemove bot={bot} removed={form.watch('remove_tags')} onChange={(names) => form.setValue('remove_tags', names)} />
        <div>
          <label className="block pb-1 text-sm" htmlFor={addId}>
            Tags to add (one per line)
          </label>
          <textarea id={addId} className="textarea w-full" rows={3} {...form.register('add_tags')} />
        </div>
        <PurgeDisabledTags bot={bot} busy={busy} onPurge={purgeDisabled} />
        <FormAlert />
      </Form>
    </Modal>
  );
}

function TagsToRemove({ bot, removed, onChange }: { bot: AdminBot; removed: string[]; onChange(names: string[]): void }) {
  return (
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
                onChange={(event) => onChange(event.target.checked ? [...removed, keyword.name] : removed.filter((name) => name !== keyword.name))}
              />
              <span className="label-text wrap-anywhere">
                {keyword.name} <span className="text-xs text-base-content/60">({keyword.status.toLowerCase()})</span>
              </span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

function PurgeDisabledTags({ bot, busy, onPurge }: { bot: AdminBot; busy: boolean; onPurge(): void }) {
  const disabledTags = bot.keywords.filter((keyword) => keyword.status === 'DISABLED');
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" className="btn btn-sm btn-outline" disabled={busy || disabledTags.length === 0} onClick={onPurge}>
        Purge disabled tags
      </button>
      <span className="text-xs text-base-content/70">
        {disabledTags.length === 0 ? 'No disabled tags.' : `${disabledTags.length} disabled ${disabledTags.length === 1 ? 'tag' : 'tags'}.`}
      </span>
    </div>
  );
}
