import type { ReactNode } from 'react';

/** A card of the Users tab (spec 1 §2), one list item that opens its user or bot: the avatar, then the lines about them. */
export function PersonCard({ avatar, onOpen, children }: { avatar: ReactNode; onOpen(): void; children: ReactNode }) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="card card-border h-full w-full cursor-pointer bg-base-100 text-left shadow-sm transition hover:border-primary hover:shadow-md focus-visible:outline-2 focus-visible:outline-primary"
      >
        <div className="card-body flex-row items-center gap-4 p-4">
          {avatar}
          <div className="min-w-0 flex-1">{children}</div>
        </div>
      </button>
    </li>
  );
}
