/**
 * The bot tag lifecycle (spec 2 §4), once for the server (service, repo SQL, run engine) and the
 * tags editor. A tag is PENDING when added, ACTIVE after the bot's next run, DEACTIVATING when
 * removed, DISABLED after the next run; a DISABLED tag may be added again (PENDING) or purged.
 * "Restore" is the editor taking back an unsaved remove: the tag keeps the status it had.
 */
export const TAG_STATUSES = ['PENDING', 'ACTIVE', 'DEACTIVATING', 'DISABLED'] as const;
export type TagStatus = (typeof TAG_STATUSES)[number];

/** What happens to tags: an editor adds, removes or purges them; a bot run moves them along. */
export type TagEvent = 'add' | 'remove' | 'purge' | 'run';

/** A purged tag is deleted. */
export const PURGED = 'PURGED';
type TagTarget = TagStatus | typeof PURGED;

/** The status of a tag that did not exist before it was added. */
export const NEW_TAG_STATUS: TagStatus = 'PENDING';

/** The status in which a tag steers runs; ACTIVE tags used in the current rotation are not available. */
export const IN_USE_TAG_STATUS: TagStatus = 'ACTIVE';

/** status -> event -> the next status. A missing event leaves the tag as it is. */
export const TAG_TRANSITIONS: Readonly<Record<TagStatus, Readonly<Partial<Record<TagEvent, TagTarget>>>>> = {
  PENDING: { remove: 'DEACTIVATING', run: 'ACTIVE' },
  ACTIVE: { remove: 'DEACTIVATING' },
  DEACTIVATING: { run: 'DISABLED' },
  DISABLED: { add: 'PENDING', purge: PURGED },
};

/** Where `event` takes a tag in `status`; undefined when the event leaves it alone. */
export function nextTagStatus(status: TagStatus, event: TagEvent): TagTarget | undefined {
  return TAG_TRANSITIONS[status][event];
}

/** Whether `event` changes a tag in `status` (an editor offers only these). */
export function tagAccepts(status: TagStatus, event: TagEvent): boolean {
  return nextTagStatus(status, event) !== undefined;
}

/** The statuses `event` changes, in lifecycle order. */
export function statusesFor(event: TagEvent): TagStatus[] {
  return TAG_STATUSES.filter((status) => tagAccepts(status, event));
}

/** The status a tag has once the next run has moved it along. */
export function statusAfterRun(status: TagStatus): TagStatus {
  const next = nextTagStatus(status, 'run');
  return next === undefined || next === PURGED ? status : next;
}

/** The statuses a run uses: those that are ACTIVE once the run has moved the tags along. */
export const RUNNABLE_TAG_STATUSES: TagStatus[] = TAG_STATUSES.filter((status) => statusAfterRun(status) === IN_USE_TAG_STATUS);
