import { useQuery } from '@tanstack/react-query';
import { Avatar } from '../../components/avatar';
import { EmptyNote, QueryState } from '../../components/query-state';
import { useTRPC } from '../../lib/trpc';
import { Section } from './group-section';

/** The bots that post to the group, each opening its page. */
export function BotsSection({ groupId, onOpenBot }: { groupId: number; onOpenBot(botId: number): void }) {
  const trpc = useTRPC();
  const bots = useQuery(trpc.groups.bots.queryOptions({ id: groupId }));
  return (
    <Section title="Bots">
      <QueryState query={bots} inline log={`Failed to load the bots of group ${groupId}`} empty={<EmptyNote>No bots in this group yet.</EmptyNote>}>
        {(list) => (
          <ul className="grid gap-2 sm:grid-cols-2" aria-label="Bots">
            {list.map((bot) => (
              <li key={bot.id} className="min-w-0">
                <button type="button" className="flex w-full min-w-0 items-center gap-3 rounded-box bg-base-100 p-3 text-left shadow-sm hover:bg-base-200" onClick={() => onOpenBot(bot.id)}>
                  <Avatar kind="bot" name={bot.name} avatarId={bot.avatar_id} size="sm" alt="" />
                  <span className="truncate font-medium" title={bot.name}>
                    {bot.name}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Section>
  );
}
