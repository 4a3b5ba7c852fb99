import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { LIMITS } from '../../../../shared/limits';
import type { AdminBot } from '../../../../shared/schemas/admin';
import { CreateBotInput, type BotGenerator } from '../../../../shared/schemas/bots';
import { CountedLabel } from '../../components/counted-field';
import { Form, FormAlert, useFieldError, useSchemaForm } from '../../components/form';
import { Modal, ModalActions } from '../../components/modal';
import { errorDetail, useTRPC } from '../../lib/trpc';
import { WeekdayChoice, splitTags } from './bot-fields';
import { UserPicker } from './user-picker';

const AVATAR_IDS = Array.from({ length: LIMITS.avatarIdMax - LIMITS.avatarIdMin + 1 }, (_, index) => LIMITS.avatarIdMin + index);
const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];

/** The new bot as the form holds it; a problem is filed under the API field it belongs to. */
interface BotCreateValues {
  name: string;
  bio: string;
  avatar_id: number;
  owner_id: number | null;
  audienceType: 'user' | 'group';
  audienceUserId: number | null;
  audienceGroup: string;
  schedule: number[];
  tags: string;
  generator: BotGenerator;
}

const toCreateBotInput = (values: BotCreateValues) => ({
  name: values.name,
  bio: values.bio,
  avatar_id: values.avatar_id,
  owner_id: values.owner_id,
  audience: values.audienceType === 'user' ? { type: 'user', user_id: values.audienceUserId } : { type: 'group', group_id: Number(values.audienceGroup.trim() || NaN) },
  schedule: values.schedule,
  tags: splitTags(values.tags),
  generator: values.generator,
});

/** The two pickers come first: without an owner or an audience user, nothing else is said. */
const BotCreateForm = z
  .object({
    owner_id: z.number({ error: 'Choose the owner' }),
    audience: z.discriminatedUnion('type', [z.object({ type: z.literal('user'), user_id: z.number({ error: 'Choose the audience user' }) }), z.object({ type: z.literal('group') }).loose()]),
  })
  .loose()
  // Then the API's own schema judges the whole bot, as it was typed.
  .transform((bot): unknown => bot)
  .pipe(CreateBotInput);

const DEFAULTS: BotCreateValues = {
  name: '',
  bio: '',
  avatar_id: LIMITS.avatarIdMin,
  owner_id: null,
  audienceType: 'user',
  audienceUserId: null,
  audienceGroup: '',
  schedule: ALL_DAYS,
  tags: '',
  generator: 'builtin',
};

/**
 * A new bot (docs/bots.md): name, bio, avatar, the owner it posts as, its audience (a user, or a
 * group by id), weekdays, first tags and generator. Checked by the API's own schema before sending.
 */
export function BotCreateDialog({ onClose, onCreated }: { onClose(): void; onCreated(bot: AdminBot): void }) {
  const trpc = useTRPC();
  const create = useMutation(trpc.admin.createBot.mutationOptions());
  const formId = useId();
  const tagsId = useId();
  const form = useSchemaForm<BotCreateValues, CreateBotInput>(BotCreateForm, {
    defaultValues: DEFAULTS,
    toInput: toCreateBotInput,
    firstIssueOnly: true,
    messageFor: (issue, values) => (issue.path[0] === 'audience' && values.audienceType === 'group' ? 'Type the id of the audience group' : issue.message),
  });

  async function submit(input: CreateBotInput) {
    try {
      onCreated(await create.mutateAsync(input));
    } catch (failure) {
      console.error('Failed to create the bot', failure);
      form.setError('root', { message: errorDetail(failure) ?? 'Failed to create the bot' });
    }
  }

  return (
    <Modal
      open
      wide
      title="New Bot"
      onClose={onClose}
      actions={<ModalActions onCancel={onClose} busy={create.isPending} disabled={create.isPending} form={formId} label={create.isPending ? 'Creating...' : 'Create bot'} />}
    >
      <Form form={form} onSubmit={submit} id={formId} className="space-y-3">
        <BotIdentityFields />
        <UserPicker label="Owner" value={form.watch('owner_id')} onChange={(id) => form.setValue('owner_id', id)} invalid={!!form.formState.errors.owner_id} />
        <BotAudienceFields formId={formId} />
        <WeekdayChoice value={form.watch('schedule')} onChange={(days) => form.setValue('schedule', days)} />
        <div>
          <label className="block pb-1 text-sm" htmlFor={tagsId}>
            Tags (one per line)
          </label>
          <textarea id={tagsId} className="textarea w-full" rows={3} aria-invalid={form.formState.errors.tags ? true : undefined} {...form.register('tags')} />
        </div>
        <FormAlert />
      </Form>
    </Modal>
  );
}

/** Name and bio with their counters, the avatar and the generator. */
function BotIdentityFields() {
  const { register, watch, formState } = useFormContext<BotCreateValues>();
  const ids = { name: useId(), bio: useId(), avatar: useId(), generator: useId() };
  return (
    <>
      <div>
        <CountedLabel htmlFor={ids.name} label="Name" count={watch('name').length} max={LIMITS.botNameMax} />
        <input id={ids.name} className="input w-full" maxLength={LIMITS.botNameMax} aria-invalid={formState.errors.name ? true : undefined} {...register('name')} />
      </div>
      <div>
        <CountedLabel htmlFor={ids.bio} label="Bio" count={watch('bio').length} max={LIMITS.botBioMax} />
        <textarea id={ids.bio} className="textarea w-full" rows={2} maxLength={LIMITS.botBioMax} {...register('bio')} />
      </div>
      <div className="flex flex-wrap gap-3">
        <div className="flex flex-col gap-1">
          <label className="text-sm" htmlFor={ids.avatar}>
            Avatar
          </label>
          <select id={ids.avatar} className="select select-sm" {...register('avatar_id', { setValueAs: Number })}>
            {AVATAR_IDS.map((id) => (
              <option key={id} value={id}>
                Avatar {id}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label className="text-sm" htmlFor={ids.generator}>
            Generator
          </label>
          <select id={ids.generator} className="select select-sm" {...register('generator')}>
            <option value="builtin">Built-in topics</option>
            <option value="openai">OpenAI-compatible endpoint</option>
          </select>
        </div>
      </div>
    </>
  );
}

/** A user (picked by name) or a group (by id). */
function BotAudienceFields({ formId }: { formId: string }) {
  const { register, watch, setValue } = useFormContext<BotCreateValues>();
  const groupId = useId();
  const audienceType = watch('audienceType');
  const invalid = useFieldError('audience') ? true : undefined;
  return (
    <fieldset className="fieldset rounded-box border border-base-300 p-3">
      <legend className="fieldset-legend">Audience</legend>
      <div className="flex flex-wrap gap-4">
        {(['user', 'group'] as const).map((type) => (
          <label key={type} className="label cursor-pointer gap-2">
            <input type="radio" className="radio radio-sm" name={`${formId}-audience`} checked={audienceType === type} onChange={() => setValue('audienceType', type)} />
            <span className="label-text">{type === 'user' ? 'A user' : 'A group'}</span>
          </label>
        ))}
      </div>
      {audienceType === 'user' ? (
        <UserPicker label="Audience user" value={watch('audienceUserId')} onChange={(id) => setValue('audienceUserId', id)} invalid={!!invalid} />
      ) : (
        <div className="flex flex-col gap-1">
          <label className="text-sm" htmlFor={groupId}>
            Group id
          </label>
          <input id={groupId} className="input input-sm w-40" type="number" inputMode="numeric" min={1} aria-invalid={invalid} {...register('audienceGroup')} />
        </div>
      )}
    </fieldset>
  );
}
