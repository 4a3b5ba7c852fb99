/** The window events of spec 1 §2 and §4, with their payloads, in one place. */
export interface AppEvents {
  login: undefined;
  logout: undefined;
  navigateTab: { tab: 'stacks' | 'groups' | 'users' };
  openStack: { id: number; type: 'stack' | 'twisted' };
  openGroup: { groupId: number };
  openUser: { userId: number };
  openBot: { botId: number };
  notificationRefresh: undefined;
  /** Opens the New Friend Stack / New Group Stack dialog (from a friend's profile or a group's Add Stack). */
  newStack: { mode: 'friend' | 'group'; targetId?: number };
  serverError: { message: string; type: 'server_error' | 'network_error' };
}

export type AppEventName = keyof AppEvents;

export function emit<K extends AppEventName>(name: K, ...detail: AppEvents[K] extends undefined ? [] : [AppEvents[K]]): void {
  window.dispatchEvent(new CustomEvent(name, { detail: detail[0] }));
}

/** Subscribes to an app event; returns the unsubscribe function (fits useEffect). */
export function on<K extends AppEventName>(name: K, handler: (detail: AppEvents[K]) => void): () => void {
  const listener = (event: Event) => handler((event as CustomEvent<AppEvents[K]>).detail);
  window.addEventListener(name, listener);
  return () => window.removeEventListener(name, listener);
}
