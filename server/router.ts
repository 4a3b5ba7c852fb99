import { authRouter } from './modules/auth/auth.router';
import { friendsRouter } from './modules/friends/friends.router';
import { groupsRouter } from './modules/groups/groups.router';
import { notificationsRouter } from './modules/notifications/notifications.router';
import { stacksRouter } from './modules/stacks/stacks.router';
import { twistedStacksRouter } from './modules/stacks/twisted-stacks.router';
import { usersRouter } from './modules/users/users.router';
import { router } from './trpc/init';

/** One router per domain; bots join with their issue join here. */
export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  friends: friendsRouter,
  notifications: notificationsRouter,
  groups: groupsRouter,
  stacks: stacksRouter,
  twistedStacks: twistedStacksRouter,
});

export type AppRouter = typeof appRouter;
