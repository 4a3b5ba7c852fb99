import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useId, type ReactNode } from 'react';
import { canPurgeTags, type Bot } from '../../../../shared/schemas/bots';
import { Avatar } from '../../components/avatar';
import { NotFound, QueryState } from '../../components/query-state';
import { useCurrentUser } from '../../lib/current-user';
import { httpStatusOf, useTRPC } from '../../lib/trpc';
import { LastRun } from './last-run';
import { scheduleSentence } from './schedule';
import { TagsEditor } from './tags-editor';

export interface BotDetailViewProps {
  botId: number;
  /** Told the bot's name each time it has loaded (the dashboard opens its tab only then). */
  onLoaded?(name: string): void;
  /** Loading answered 404: the view shows 'Bot not found'. */
  onNotFound?(): void;
  /** Loading failed otherwise, with nothing to show; the view shows 'Failed to load bot' with Retry. */
  onLoadFailed?(): void;
  onBack(): void;
  onOpenUser(userId: number): void;
  onOpenGroup(groupId: number): void;
}

/** Spec 2 §2.7 Bot detail, for the bot the caller names. */
export function BotDetailView({ botId, onLoaded, onNotFound, onLoadFailed, onBack, onOpenUser, onOpenGroup }: BotDetailViewProps) {
  const trpc = useTRPC();
  const bot = useQuery(trpc.bots.get.queryOptions({ id: botId }));
  // Asked alongside the bot (it is usually cached): Purge depends on who is looking.
  const me = useCurrentUser();
  const missing = bot.isError && httpStatusOf(bot.error) === 404;
  const failed = bot.isError && !missing && !bot.data;

  const loaded = useEffectEvent((name: string) => onLoaded?.(name));
  const notFound = useEffectEvent(() => onNotFound?.());
  const loadFailed = useEffectEvent(() => onLoadFailed?.());
  const name = bot.data?.name;
  useEffect(() => {
    if (name !== undefined) loaded(name);
  }, [name]);
  useEffect(() => {
    if (missing) notFound();
  }, [missing]);
  useEffect(() => {
    if (failed) loadFailed();
  }, [failed]);

  if (missing) return <NotFound title="Bot not found" onBack={onBack} />;
  return (
    <QueryState query={bot} error="Failed to load bot" onBack={onBack}>
      {(data) => <BotDetailContent bot={data} meId={me.data?.id} onBack={onBack} onOpenUser={onOpenUser} onOpenGroup={onOpenGroup} />}
    </QueryState>
  );
}

type ContentProps = Pick<BotDetailViewProps, 'onBack' | 'onOpenUser' | 'onOpenGroup'> & { bot: Bot; meId: number | undefined };

function BotDetailContent({ bot, meId, onBack, onOpenUser, onOpenGroup }: ContentProps) {
  const uid = useId();
  const canPurge = canPurgeTags(bot, meId);
  const audience = bot.audience;

  return (
    <article className="mx-auto max-w-4xl space-y-6" aria-labelledby={`${uid}-name`}>
      <header className="card bg-base-100 shadow-sm">
        <div className="card-body gap-4 sm:flex-row sm:items-start">
          <Avatar kind="bot" name={bot.name} avatarId={bot.avatar_id} size="xl" />
          <div className="min-w-0 flex-1 space-y-2">
            <h1 id={`${uid}-name`} className="text-2xl font-bold wrap-anywhere">
              {bot.name}
            </h1>
            <p className="text-base-content/80 wrap-anywhere">
              {bot.name} is a bot that posts a stack to its audience on its schedule. Its tags steer what the stacks are about.
            </p>
            {bot.bio && <p className="wrap-anywhere italic">“{bot.bio}”</p>}
            <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-2 pt-1">
              <Field label="Audience">
                {audience.type === 'user' ? (
                  <span className="flex flex-wrap items-center gap-x-4 gap-y-2">
                    <PersonLink
                      avatar={<Avatar kind="user" username={audience.user.username} avatarId={audience.user.avatar_id} size="xs" alt="" />}
                      label={audience.user.username}
                      onOpen={() => onOpenUser(audience.user.id)}
                    />
                    <span className="inline-flex min-w-0 max-w-full items-center gap-2">
                      <span className="text-sm text-base-content/70">Owner:</span>
                      <PersonLink
                        avatar={<Avatar kind="user" username={bot.owner.username} avatarId={bot.owner.avatar_id} size="xs" alt="" />}
                        label={bot.owner.username}
                        onOpen={() => onOpenUser(bot.owner_id)}
                      />
                    </span>
                  </span>
                ) : (
                  <PersonLink
                    avatar={<Avatar kind="group" name={audience.group.name} size="xs" alt="" />}
                    label={audience.group.name}
                    onOpen={() => onOpenGroup(audience.group.id)}
                  />
                )}
              </Field>
              <Field label="Schedule">{scheduleSentence(bot.data.schedule)}</Field>
            </dl>
          </div>
        </div>
      </header>

      <LastRun botId={bot.id} headingId={`${uid}-last-run`} />

      <TagsEditor bot={bot} canPurge={canPurge} onBack={onBack} />
    </article>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-base-content/70">{label}:</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}

function PersonLink({ avatar, label, onOpen }: { avatar: ReactNode; label: string; onOpen(): void }) {
  return (
    <button type="button" className="inline-flex min-w-0 max-w-full items-center gap-2 text-left font-medium hover:underline" onClick={onOpen}>
      {avatar}
      <span className="truncate" title={label}>
        {label}
      </span>
    </button>
  );
}
