import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { LIMITS } from '../../../../shared/limits';
import { useTRPC } from '../../lib/trpc';

/** How many matches the picker offers: a name typed further narrows them. */
const PICKER_MATCHES = 10;

/**
 * Picks an account by username: a search box, then a list of the matches (listUsers with q) to
 * choose from. Deactivated accounts are not offered: a bot's owner and audience must be active.
 */
export function UserPicker({ label, value, onChange, invalid }: { label: string; value: number | null; onChange(id: number | null): void; invalid?: boolean }) {
  const trpc = useTRPC();
  const searchId = useId();
  const selectId = useId();
  const [typed, setTyped] = useState('');
  const q = useDeferredValue(typed.trim());
  const matches = useQuery({ ...trpc.admin.listUsers.queryOptions({ q, offset: 0, limit: PICKER_MATCHES }), enabled: q.length > 0 });
  const [chosen, setChosen] = useState<{ id: number; username: string } | null>(null);
  const active = (matches.data ?? []).filter((user) => user.is_active);
  // The one chosen stays offered while the search changes.
  const options = chosen && chosen.id === value && !active.some((user) => user.id === chosen.id) ? [chosen, ...active] : active;

  return (
    <fieldset className="fieldset rounded-box border border-base-300 p-3">
      <legend className="fieldset-legend">{label}</legend>
      <div className="flex flex-wrap gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label className="text-sm" htmlFor={searchId}>
            Search {label.toLowerCase()} by username
          </label>
          <input id={searchId} type="search" className="input input-sm w-full" maxLength={LIMITS.usernameMax} value={typed} onChange={(event) => setTyped(event.target.value)} />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label className="text-sm" htmlFor={selectId}>
            {label}
          </label>
          <select
            id={selectId}
            className="select select-sm w-full"
            value={value ?? ''}
            aria-invalid={invalid ? true : undefined}
            onChange={(event) => {
              const id = event.target.value ? Number(event.target.value) : null;
              setChosen(options.find((user) => user.id === id) ?? null);
              onChange(id);
            }}
          >
            <option value="">{q ? (matches.isFetching ? 'Searching...' : `${active.length} found: choose one`) : 'Type a username first'}</option>
            {options.map((user) => (
              <option key={user.id} value={user.id}>
                {user.username}
              </option>
            ))}
          </select>
        </div>
      </div>
      {matches.isError && (
        <p role="alert" className="text-sm text-error">
          Failed to search users
        </p>
      )}
    </fieldset>
  );
}
