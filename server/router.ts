import { adminRouter } from './modules/admin/admin.router';
import { authRouter } from './modules/auth/auth.router';
import { passkeysRouter } from './modules/auth/passkeys.router';
import { sessionsRouter } from './modules/auth/sessions.router';
import { twoFactorRouter } from './modules/auth/two-factor.router';
import { botsRouter } from './modules/bots/bots.router';
import { invitesRouter } from './modules/codes/invites.router';
import { exportRouter } from './modules/export/export.router';
import { friendsRouter } from './modules/friends/friends.router';
import { groupsRouter } from './modules/groups/groups.router';
import { mutesRouter } from './modules/mutes/mutes.router';
import { notificationSettingsRouter } from './modules/notification-settings/notification-settings.router';
import { notificationsRouter } from './modules/notifications/notifications.router';
import { pushRouter } from './modules/push/push.router';
import { reportsRouter } from './modules/reports/reports.router';
import { siteRouter } from './modules/site/site.router';
import { stacksRouter } from './modules/stacks/stacks.router';
import { twistedStacksRouter } from './modules/stacks/twisted-stacks.router';
import { usersRouter } from './modules/users/users.router';
import { router } from './trpc/init';

/** One router per domain. */
export const appRouter = router({
  auth: authRouter,
  sessions: sessionsRouter,
  twoFactor: twoFactorRouter,
  passkeys: passkeysRouter,
  users: usersRouter,
  friends: friendsRouter,
  mutes: mutesRouter,
  notifications: notificationsRouter,
  notificationSettings: notificationSettingsRouter,
  groups: groupsRouter,
  stacks: stacksRouter,
  twistedStacks: twistedStacksRouter,
  bots: botsRouter,
  site: siteRouter,
  reports: reportsRouter,
  invites: invitesRouter,
  dataExport: exportRouter,
  push: pushRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
