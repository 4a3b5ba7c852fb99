import { authRouter } from './modules/auth/auth.router';
import { usersRouter } from './modules/users/users.router';
import { router } from './trpc/init';

/** One router per domain; later domains (friends, groups, stacks, twisted stacks, bots, notifications) join here. */
export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
});

export type AppRouter = typeof appRouter;
