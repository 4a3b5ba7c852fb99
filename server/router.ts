import { authRouter } from './modules/auth/auth.router';
import { friendsRouter } from './modules/friends/friends.router';
import { groupsRouter } from './modules/groups/groups.router';
import { notificationsRouter } from './modules/notifications/notifications.router';
import { usersRouter } from './modules/users/users.router';
import { router } from './trpc/init';

/** One router per domain; later domains (stacks, twisted stacks, bots) join here. */
export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  friends: friendsRouter,
  notifications: notificationsRouter,
  groups: groupsRouter,
});

export type AppRouter = typeof appRouter;
