import type { GroupSummary } from '../../../../shared/schemas/groups';
import { Avatar } from '../../components/avatar';
import { countLabel } from './count-label';
import { GroupBadges } from './group-badges';

/** One group of the overview grids (spec 2 §2.5): avatar, name, owner, counts, and its Private, Restricted and Read-only badges. */
export function GroupCard({ group, onOpen }: { group: GroupSummary; onOpen(): void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        data-group-id={group.id}
        className="card card-border h-full w-full cursor-pointer bg-base-100 text-left shadow-sm transition hover:border-primary hover:shadow-md focus-visible:outline-2 focus-visible:outline-primary"
      >
        <div className="card-body flex-row items-center gap-4 p-4">
          <Avatar kind="group" name={group.name} size="md" alt="" />
          <div className="min-w-0 flex-1 space-y-0.5">
            <p className="flex flex-wrap items-center gap-2">
              <span className="min-w-0 font-semibold wrap-anywhere">{group.name}</span>
              <GroupBadges group={group} size="sm" />
            </p>
            <p className="text-sm text-base-content/70 wrap-anywhere">Owner: {group.owner}</p>
            <p className="text-sm text-base-content/70">
              {countLabel(group.member_count, 'member')} · {countLabel(group.board_count, 'stack')}
            </p>
          </div>
        </div>
      </button>
    </li>
  );
}
