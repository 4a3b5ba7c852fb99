import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { LIMITS } from '../../../../shared/limits';
import type { AdminBot } from '../../../../shared/schemas/admin';
import { CreateBotInput, type BotGenerator } from '../../../../shared/schemas/bots';
import { CountedLabel } from '../../components/counted-field';
import { Modal, ModalActions } from '../../components/modal';
import { errorDetail, useTRPC } from '../../lib/trpc';
import { WeekdayChoice, splitTags } from './bot-fields';
import { UserPicker } from './user-picker';

const AVATAR_IDS = Array.from({ length: LIMITS.avatarIdMax - LIMITS.avatarIdMin + 1 }, (_, index) => LIMITS.avatarIdMin + index);
const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];

/**
 * A new bot (docs/bots.md): name, bio, avatar, the owner it posts as, its audience (a user, or a
 * group by id), weekdays, first tags and generator. Checked by the API's own schema before sending.
 */
export function BotCreateDialog({ onClose, onCreated }: { onClose(): void; onCreated(bot: AdminBot): void }) {
  const trpc = useTRPC();
  const create = useMutation(trpc.admin.createBot.mutationOptions());
  const formId = useId();
  const nameId = useId();
  const bioId = useId();
  const avatarId = useId();
  const groupId = useId();
  const tagsId = useId();
  const generatorId = useId();
  const [name, setName] = useState('');
  const [bio, setBio] = useState('');
  const [avatar, setAvatar] = useState<number>(LIMITS.avatarIdMin);
  const [ownerId, setOwnerId] = useState<number | null>(null);
  const [audienceType, setAudienceType] = useState<'user' | 'group'>('user');
  const [audienceUserId, setAudienceUserId] = useState<number | null>(null);
  const [audienceGroup, setAudienceGroup] = useState('');
  const [schedule, setSchedule] = useState<number[]>(ALL_DAYS);
  const [tags, setTags] = useState('');
  const [generator, setGenerator] = useState<BotGenerator>('builtin');
  const [error, setError] = useState<{ field: string; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (ownerId === null) return setError({ field: 'owner_id', text: 'Choose the owner' });
    if (audienceType === 'user' && audienceUserId === null) return setError({ field: 'audience', text: 'Choose the audience user' });
    const parsed = CreateBotInput.safeParse({
      name,
      bio,
      avatar_id: avatar,
      owner_id: ownerId,
      audience: audienceType === 'user' ? { type: 'user', user_id: audienceUserId } : { type: 'group', group_id: Number(audienceGroup.trim() || NaN) },
      schedule,
      tags: splitTags(tags),
      generator,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? '');
      return setError({ field, text: field === 'audience' && audienceType === 'group' ? 'Type the id of the audience group' : (issue?.message ?? 'Invalid bot') });
    }
    setError(null);
    try {
      onCreated(await create.mutateAsync(parsed.data));
    } catch (failure) {
      console.error('Failed to create the bot', failure);
      setError({ field: '', text: errorDetail(failure) ?? 'Failed to create the bot' });
    }
  }

  const invalid = (field: string) => (error?.field === field ? true : undefined);

  return (
    <Modal
      open
      wide
      title="New Bot"
      onClose={onClose}
      actions={<ModalActions onCancel={onClose} busy={create.isPending} disabled={create.isPending} form={formId} label={create.isPending ? 'Creating...' : 'Create bot'} />}
    >
      <form id={formId} className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
        <div>
          <CountedLabel htmlFor={nameId} label="Name" count={name.length} max={LIMITS.botNameMax} />
          <input id={nameId} className="input w-full" value={name} maxLength={LIMITS.botNameMax} aria-invalid={invalid('name')} onChange={(event) => setName(event.target.value)} />
        </div>
        <div>
          <CountedLabel htmlFor={bioId} label="Bio" count={bio.length} max={LIMITS.botBioMax} />
          <textarea id={bioId} className="textarea w-full" rows={2} value={bio} maxLength={LIMITS.botBioMax} onChange={(event) => setBio(event.target.value)} />
        </div>
        <div className="flex flex-wrap gap-3">
          <div className="flex flex-col gap-1">
            <label className="text-sm" htmlFor={avatarId}>
              Avatar
            </label>
            <select id={avatarId} className="select select-sm" value={avatar} onChange={(event) => setAvatar(Number(event.target.value))}>
              {AVATAR_IDS.map((id) => (
                <option key={id} value={id}>
                  Avatar {id}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label className="text-sm" htmlFor={generatorId}>
              Generator
            </label>
            <select id={generatorId} className="select select-sm" value={generator} onChange={(event) => setGenerator(event.target.value as BotGenerator)}>
              <option value="builtin">Built-in topics</option>
              <option value="openai">OpenAI-compatible endpoint</option>
            </select>
          </div>
        </div>
        <UserPicker label="Owner" value={ownerId} onChange={setOwnerId} invalid={error?.field === 'owner_id'} />
        <fieldset className="fieldset rounded-box border border-base-300 p-3">
          <legend className="fieldset-legend">Audience</legend>
          <div className="flex flex-wrap gap-4">
            {(['user', 'group'] as const).map((type) => (
              <label key={type} className="label cursor-pointer gap-2">
                <input type="radio" className="radio radio-sm" name={`${formId}-audience`} checked={audienceType === type} onChange={() => setAudienceType(type)} />
                <span className="label-text">{type === 'user' ? 'A user' : 'A group'}</span>
              </label>
            ))}
          </div>
          {audienceType === 'user' ? (
            <UserPicker label="Audience user" value={audienceUserId} onChange={setAudienceUserId} invalid={error?.field === 'audience'} />
          ) : (
            <div className="flex flex-col gap-1">
              <label className="text-sm" htmlFor={groupId}>
                Group id
              </label>
              <input
                id={groupId}
                className="input input-sm w-40"
                type="number"
                inputMode="numeric"
                min={1}
                value={audienceGroup}
                aria-invalid={invalid('audience')}
                onChange={(event) => setAudienceGroup(event.target.value)}
              />
            </div>
          )}
        </fieldset>
        <WeekdayChoice value={schedule} onChange={setSchedule} />
        <div>
          <label className="block pb-1 text-sm" htmlFor={tagsId}>
            Tags (one per line)
          </label>
          <textarea id={tagsId} className="textarea w-full" rows={3} value={tags} aria-invalid={invalid('tags')} onChange={(event) => setTags(event.target.value)} />
        </div>
        {error && (
          <p role="alert" className="text-sm text-error wrap-anywhere">
            {error.text}
          </p>
        )}
      </form>
    </Modal>
  );
}
