import type { ReactNode } from 'react';
import type { CommentSnapshot, GroupSnapshot, Report, StackSnapshot, UserSnapshot } from '../../../../shared/schemas/reports';

/** The target's content as it was reported, by type. */
export function SnapshotView({ report }: { report: Report }): ReactNode {
  switch (report.target_type) {
    case 'user': {
      const user = report.snapshot as UserSnapshot;
      return (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-base-content/70">Username</dt>
          <dd className="wrap-anywhere">{user.username}</dd>
          <dt className="text-base-content/70">Bio</dt>
          <dd className="break-words">{user.bio || <span className="italic text-base-content/60">No bio</span>}</dd>
        </dl>
      );
    }
    case 'stack': {
      const stack = report.snapshot as StackSnapshot;
      return (
        <div className="space-y-1 text-sm">
          <p className="font-semibold wrap-anywhere">
            {stack.name || <span className="italic">Untitled</span>} <span className="badge badge-ghost badge-sm">{stack.type === 'twisted' ? 'Twisted stack' : 'Stack'}</span>
          </p>
          <p className="text-base-content/70">
            By {stack.owner_username}
            {stack.bot_name && ` (bot ${stack.bot_name})`}
            {stack.mode === 'group' && stack.group_name ? ` in ${stack.group_name}` : ' (friend stack)'}
          </p>
          {stack.twist_description && <p className="break-words">Twist: {stack.twist_description}</p>}
          <ol className="list-inside list-decimal">
            {stack.positions.map((position, index) => (
              <li key={index} className="break-words">
                {position}
              </li>
            ))}
          </ol>
        </div>
      );
    }
    case 'comment': {
      const comment = report.snapshot as CommentSnapshot;
      return (
        <div className="space-y-1 text-sm">
          <p className="whitespace-pre-line break-words">“{comment.text}”</p>
          <p className="text-base-content/70">
            By {comment.author_username} on {comment.stack_type === 'twisted' ? 'the twisted stack' : 'the stack'} {comment.stack_name ?? 'Untitled'}
          </p>
        </div>
      );
    }
    case 'group': {
      const group = report.snapshot as GroupSnapshot;
      return (
        <div className="space-y-1 text-sm">
          <p className="font-semibold wrap-anywhere">
            {group.name} <span className="badge badge-ghost badge-sm">{group.is_public ? 'Public' : 'Private'}</span>
          </p>
          {group.description && <p className="break-words">{group.description}</p>}
          <p className="text-base-content/70">Owner: {group.owner_username}</p>
        </div>
      );
    }
  }
}

