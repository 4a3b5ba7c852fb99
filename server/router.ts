import { authRouter } from './modules/auth/auth.router';
import { friendsRouter } from './modules/friends/friends.router';
import { notificationsRouter } from './modules/notifications/notifications.router';
import { usersRouter } from './modules/users/users.router';
import { router } from './trpc/init';

/** One router per domain; later domains (groups, stacks, twisted stacks, bots) join here. */
export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  friends: friendsRouter,
  notifications: notificationsRouter,
});

export type AppRouter = typeof appRouter;
