import { useState } from 'react';
import type { GroupSummary } from '../../../../shared/schemas/groups';
import { EmptyNote, QueryState } from '../../components/query-state';
import { CreateGroupDialog } from './create-group-dialog';
import { GroupCard } from './group-card';
import { useGroupsOverview } from './groups-overview-query';

export interface GroupsTabProps {
  /** Opens a group's detail (a card was clicked, or a group was just created). */
  onOpenGroup(groupId: number): void;
}

const GRIDS = [
  { id: 'my-groups-title', title: 'My Groups', list: 'my_groups', empty: 'You are not in any groups yet. Join a public group or add your own.' },
  { id: 'public-groups-title', title: 'Public Groups', list: 'public_groups', empty: 'No public groups to join right now.' },
] as const;

/** Spec 1 §2 'Groups tab' and spec 2 §2.5: 'Add Group', then the My Groups and Public Groups grids. */
export function GroupsTab({ onOpenGroup }: GroupsTabProps) {
  const overview = useGroupsOverview();
  const [creating, setCreating] = useState(false);

  return (
    <div className="space-y-8">
      <div className="flex justify-end">
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
          Add Group
        </button>
      </div>

      <QueryState query={overview} error="Failed to load groups">
        {(data) => GRIDS.map((grid) => <GroupGrid key={grid.id} {...grid} groups={data[grid.list]} onOpenGroup={onOpenGroup} />)}
      </QueryState>

      <CreateGroupDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(groupId) => {
          setCreating(false);
          onOpenGroup(groupId);
        }}
      />
    </div>
  );
}

interface GroupGridProps {
  id: string;
  title: string;
  groups: GroupSummary[];
  empty: string;
  onOpenGroup(groupId: number): void;
}

function GroupGrid({ id, title, groups, empty, onOpenGroup }: GroupGridProps) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {groups.length === 0 ? (
        <EmptyNote>{empty}</EmptyNote>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4" aria-label={title}>
          {groups.map((group) => (
            <GroupCard key={group.id} group={group} onOpen={() => onOpenGroup(group.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}
