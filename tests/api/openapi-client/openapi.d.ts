// Generated from openapi.json by openapi-typescript (`npm run openapi`). Do not edit.

export interface paths {
    "/v1/users/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register with a registration code */
        post: operations["users-register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Verify an e-mail address */
        post: operations["users-verifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in: an access token, or `{mfa_required, mfa_token}` when the account asks for a second factor */
        post: operations["auth-login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/login/mfa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Finish a sign-in with a code from the authenticator app or a recovery code */
        post: operations["auth-loginMfa"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/recovery": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Request a password reset link */
        post: operations["auth-recovery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/reset/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Check a password reset link without using it */
        get: operations["auth-checkReset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password from a reset link */
        post: operations["auth-reset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** My live sessions, newest first, the current one marked */
        get: operations["sessions-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** End one of my sessions: its token is refused at once and its event streams close */
        delete: operations["sessions-end"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/sessions/revoke-others": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End every session of mine but the one making this call */
        post: operations["sessions-endOthers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out: end the session of this token */
        post: operations["sessions-logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/two-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether sign-in asks me for a code, and how many recovery codes are left */
        get: operations["twoFactor-status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/two-factor/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start turning two-factor sign-in on: a new secret and its QR code, on until confirmed with a code */
        post: operations["twoFactor-setup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/two-factor/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn two-factor sign-in on with a current code from the app; answers 10 recovery codes, shown once */
        post: operations["twoFactor-confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/two-factor/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn two-factor sign-in off with a current code or a recovery code */
        post: operations["twoFactor-disable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/two-factor/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** New recovery codes (the old ones stop working); needs a current code */
        post: operations["twoFactor-regenerateRecoveryCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** My passkeys */
        get: operations["passkeys-list"];
        put?: never;
        /** Keep a new passkey: the authenticator’s response to the options, and a name */
        post: operations["passkeys-add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/passkeys/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** WebAuthn options to make a new passkey (valid 5 minutes, once) */
        post: operations["passkeys-registrationOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/passkeys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove one of my passkeys */
        delete: operations["passkeys-remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/passkey/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** WebAuthn options to sign in with a passkey, no username needed (valid 5 minutes, once) */
        post: operations["passkeys-signInOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/passkey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with a passkey: counts as two factors */
        post: operations["passkeys-signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The current user */
        get: operations["users-me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** My preferences: theme and how the onboarding tour ended */
        get: operations["users-preferences"];
        /** Set my theme and record the tour's ending (at most 60 in 10 minutes per user) */
        put: operations["users-setPreferences"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deactivate my account */
        post: operations["users-deactivate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List users */
        get: operations["users-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's profile */
        get: operations["users-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}/shared": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Shared activity with a user */
        get: operations["users-shared"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}/scores": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Friendship over time: scores of the stacks both answered */
        get: operations["users-scores"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/avatar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Choose my avatar (1-9; at most 30 in 10 minutes per user) */
        post: operations["users-setAvatar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/bio": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set my bio (120 characters at most; at most 30 in 10 minutes per user) */
        put: operations["users-setBio"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/socials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Add or update a social link (at most 30 in 10 minutes per user) */
        put: operations["users-upsertSocial"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/socials/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a social link (by id or platform; at most 30 in 10 minutes per user) */
        delete: operations["users-deleteSocial"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/friends/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Open friend requests (incoming by default) */
        get: operations["friends-listRequests"];
        put?: never;
        /** Send a friend request (at most 30 an hour per user; 7 days after a withdrawn one to the same person) */
        post: operations["friends-sendRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/friends/requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Accept or reject a friend request */
        put: operations["friends-respond"];
        post?: never;
        /** Withdraw a friend request I sent (at most 30 an hour per user) */
        delete: operations["friends-withdraw"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/friends/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** My friends */
        get: operations["friends-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/friends/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Unfriend a user (by user id) */
        delete: operations["friends-unfriend"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/blocks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Users I blocked */
        get: operations["friends-listBlocks"];
        put?: never;
        /** Block a user */
        post: operations["friends-block"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/blocks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Unblock a user (by user id) */
        delete: operations["friends-unblock"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/mutes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Users I muted */
        get: operations["mutes-list"];
        put?: never;
        /** Mute a user (1000 at most) */
        post: operations["mutes-mute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/mutes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Unmute a user (by user id) */
        delete: operations["mutes-unmute"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** My notifications, read ones too: newest first, or unread first then the read ones (order=unread_first); 50 a page, 100 at most */
        get: operations["notifications-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/notifications/unread-count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Unread notifications and open requests */
        get: operations["notifications-unreadCount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/notifications/mark-read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark notifications read */
        post: operations["notifications-markRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/notification-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** My notification settings: push and e-mail, per kind */
        get: operations["notificationSettings-get"];
        /** Change some of my notification settings (at most 60 in 10 minutes per user) */
        put: operations["notificationSettings-update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn off the e-mails an unsubscribe link names, without signing in (60 calls per IP in 15 minutes) */
        post: operations["notificationSettings-unsubscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Groups I may see: public ones, mine, and those I am invited to */
        get: operations["groups-list"];
        put?: never;
        /** Create a group (at most 10 an hour per user) */
        post: operations["groups-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A group */
        get: operations["groups-get"];
        put?: never;
        post?: never;
        /** Retire a group (owner, when the only member) */
        delete: operations["groups-retire"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{id}/invite/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Invite a friend (members; only the owner in restricted groups; at most 50 an hour per user) */
        post: operations["groups-invite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{id}/join": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Join a public group (at most 30 an hour per user) */
        post: operations["groups-join"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{id}/leave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Leave a group (not the owner) */
        delete: operations["groups-leave"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{id}/blocks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Removed members (owner) */
        get: operations["groups-listBlocks"];
        put?: never;
        /** Remove (block) a member (owner) */
        post: operations["groups-block"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{id}/blocks/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Let a removed member back (owner) */
        delete: operations["groups-unblock"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{id}/description": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Edit the description (owner, 64 characters at most; at most 60 in 10 minutes per user) */
        post: operations["groups-setDescription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{id}/bots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Bots of a group (members) */
        get: operations["groups-bots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/groups/{id}/agreement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Agreement map: mean scores of member pairs (members) */
        get: operations["groups-agreement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/groups/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Groups I belong to */
        get: operations["groups-mine"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/groups/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** My groups and the public groups I could join */
        get: operations["groups-overview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/groups/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Open group invitations (incoming by default) */
        get: operations["groups-listRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/groups/requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Accept or reject a group invitation */
        put: operations["groups-respond"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/stacks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** My stacks (feed) */
        get: operations["stacks-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stacks/hide_new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hide New Stacks: hide every stack and twisted stack of my feed (under the feed's filters) that is new to me */
        post: operations["stacks-hideNew"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/hidden-stacks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Stacks and twisted stacks I hid, latest first (33 a page, 100 at most), and how many */
        get: operations["stacks-hidden"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/hidden-stacks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Show a stack I hid again (not one an admin hid for me: 404; at most 60 in 10 minutes per user) */
        delete: operations["stacks-unhide"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/hidden-stacks/batches/{batch_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Unhide all: show again every stack one Hide New Stacks hid (at most 60 in 10 minutes per user) */
        delete: operations["stacks-unhideBatch"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stacks/clear_updates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Clear Updates: mark viewed every stack and twisted stack of my feed (under the feed's filters) with new responses or comments */
        post: operations["stacks-clearUpdates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stacks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a friend or group stack (at most 30 in 10 minutes and 200 a day per user) */
        post: operations["stacks-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stacks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A stack with one page of comments, newest page first (mark_viewed=true when opening it) */
        get: operations["stacks-get"];
        put?: never;
        post?: never;
        /** Delete a bot stack nobody answered (admins) */
        delete: operations["stacks-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stacks/{id}/consensus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A group stack's consensus: Borda (the detail's `consensus`), the Kemeny-Young order and the Condorcet winner, as item indices */
        get: operations["stacks-consensus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stacks/{id}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Answer: the six position indices, best first */
        post: operations["stacks-complete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stacks/{id}/viewed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark a stack and its comments seen */
        post: operations["stacks-viewed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stacks/{id}/hide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Hide a stack for me; admins: for chosen members (JSON body {user_ids}) */
        delete: operations["stacks-hide"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stacks/{id}/sandbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox (owner, admins) or unsandbox (admins) a group stack */
        post: operations["stacks-sandbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stacks/{id}/edit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Edit (owner, within an hour, nobody else answered; at most 60 in 10 minutes per user) */
        post: operations["stacks-edit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stacks/{id}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Comment (200 characters, 3 newlines at most; at most 30 a minute and 1000 a day per user) */
        post: operations["stacks-createComment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stacks/{id}/comments/{cid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Edit my comment (at most 60 in 10 minutes per user) */
        put: operations["stacks-updateComment"];
        post?: never;
        /** Delete my comment */
        delete: operations["stacks-deleteComment"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stacks/{id}/comments/{cid}/sandbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox a comment (author or admin; at most 60 in 10 minutes per user) */
        post: operations["stacks-sandboxComment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/twisted_stacks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Twisted stacks I may see */
        get: operations["twistedStacks-list"];
        put?: never;
        /** Twist a stack (at most 30 in 10 minutes and 200 a day per user) */
        post: operations["twistedStacks-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/twisted_stacks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A twisted stack with one page of comments, newest page first (mark_viewed=true when opening it) */
        get: operations["twistedStacks-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/twisted_stacks/{id}/consensus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A group twisted stack's consensus: Borda (the detail's `consensus`), the Kemeny-Young order and the Condorcet winner, as item indices */
        get: operations["twistedStacks-consensus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/twisted_stacks/{id}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Re-answer: the six position indices, best first */
        post: operations["twistedStacks-complete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/twisted_stacks/{id}/viewed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark a twisted stack seen */
        post: operations["twistedStacks-viewed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/twisted_stacks/{id}/hide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Hide a twisted stack for me */
        delete: operations["twistedStacks-hide"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/twisted_stacks/{id}/edit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Edit the twist (its creator, within an hour, nobody else answered; at most 60 in 10 minutes per user) */
        post: operations["twistedStacks-edit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/twisted_stacks/{id}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Comment on a twisted stack (at most 30 a minute and 1000 a day per user) */
        post: operations["twistedStacks-createComment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/twisted_stacks/{id}/comments/{cid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Edit my comment (at most 60 in 10 minutes per user) */
        put: operations["twistedStacks-updateComment"];
        post?: never;
        /** Delete my comment */
        delete: operations["twistedStacks-deleteComment"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/twisted_stacks/{id}/comments/{cid}/sandbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox a comment (author or admin; at most 60 in 10 minutes per user) */
        post: operations["twistedStacks-sandboxComment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Bots I own or whose stacks I can see */
        get: operations["bots-list"];
        put?: never;
        /** Create a bot (admins) */
        post: operations["bots-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bots/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A bot with its schedule and tags */
        get: operations["bots-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bots/{id}/responses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Run records, newest first (limit 1 gives the last run) */
        get: operations["bots-responses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bots/{id}/keywords": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add tags (at most 60 an hour per user) */
        post: operations["bots-addKeywords"];
        /** Remove tags, or purge disabled ones (at most 60 an hour per user) */
        delete: operations["bots-removeKeywords"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/site": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The service: its name and contact e-mail address */
        get: operations["site-info"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Reports, newest first: every report for admins, my own for anyone else */
        get: operations["reports-list"];
        put?: never;
        /** Report a user, stack, comment or group to the admins (at most 10 an hour per user) */
        post: operations["reports-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Resolve, dismiss or reopen a report (admins); the reporter is notified */
        put: operations["reports-update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/invites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** My personal invites */
        get: operations["invites-list"];
        put?: never;
        /** Make a personal invite (single use, expires in 7 days; at most 5 unused; at most 20 a day per user) */
        post: operations["invites-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export my data (one JSON document)
         * @description Profile, socials, friends and requests, blocks and mutes, stacks and twisted stacks with their answers, your answers and comments, groups, group invitations, notifications, invites and reports. Other people appear by username only. Each list holds at most `items_per_section` rows; cut lists are named in `truncated`.
         */
        get: operations["dataExport-mine"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/push/key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The VAPID public key to subscribe with (applicationServerKey) */
        get: operations["push-key"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/push-subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** My push subscriptions, most recently subscribed first */
        get: operations["push-list"];
        put?: never;
        /** Subscribe a browser to push notifications (10 at most: a newer one replaces the oldest; at most 30 an hour per user) */
        post: operations["push-subscribe"];
        /** End one of my push subscriptions, by its endpoint */
        delete: operations["push-unsubscribe"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me/push-subscriptions/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a test push to each of my subscriptions (at most 5 in 10 minutes per user) */
        post: operations["push-test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Registration codes, newest first, with their use counts (admins) */
        get: operations["admin-listCodes"];
        put?: never;
        /** Make a registration code with a number of uses and an expiry (admins) */
        post: operations["admin-createCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/codes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a registration code: nobody can register with it any more (admins) */
        delete: operations["admin-revokeCode"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every account, deactivated ones too, with who invited whom; q searches usernames and e-mail addresses (admins) */
        get: operations["admin-listUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An account with whom it invited (admins) */
        get: operations["admin-getUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/users/{id}/role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Give an account the ADMIN role or take it back; not your own (admins) */
        put: operations["admin-setRole"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/users/{id}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deactivate an account: its tokens stop working at once; not your own (admins) */
        post: operations["admin-deactivateUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/bots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every bot, newest first, with its schedule, tags and last run (admins) */
        get: operations["admin-listBots"];
        put?: never;
        /** Create a bot (admins; the same as POST /v1/bots, answering the whole bot) */
        post: operations["admin-createBot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/bots/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a bot's schedule, add and remove tags (admins) */
        patch: operations["admin-updateBot"];
        trace?: never;
    };
    "/v1/admin/bots/{id}/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run a bot now, whatever its schedule, once per UTC day (force: run again today) (admins; at most 30 an hour per user) */
        post: operations["admin-runBot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/bots/{id}/purge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove a bot's DISABLED tags (admins) */
        post: operations["admin-purgeBot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/release-notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send release notes to every active user, as a RELEASE_NOTES notification (admins; at most 5 an hour per user) */
        post: operations["admin-releaseNotes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The audit log, newest first: every admin action from the app, REST and the CLI; filtered by actor (id or username) and action (admins) */
        get: operations["admin-audit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live events of the signed-in user (Server-Sent Events)
         * @description A `text/event-stream` of changes the signed-in user may see now, by the same rules as the REST reads. Each message has `id:` (an opaque, increasing cursor), `event:` (its type) and one line of JSON `data:`. A `: ping` comment line comes every 20 s. Reconnect with `Last-Event-ID` (or `?last_event_id=`) to get every event missed since, in order and once; events are kept 15 minutes and at least the newest 1000. For an older cursor, one more than 1000 cursors behind the newest, or one the server dropped for falling behind, a single `refetch` event comes first: reload through the REST reads. A user may hold 5 streams per instance; beyond: 429 TOO_MANY_STREAMS. Opens are throttled: 60 per user and 1200 per IP per 5 minutes; beyond: 429 TOO_MANY_REQUESTS. A stream whose reader falls 1 MB behind is dropped; a stream ends when its token expires or is revoked (password reset, deactivation): reconnecting then answers 401.
         */
        get: operations["events-stream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stacks/{id}/image.png": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Share image of a stack I answered (PNG, 1200 × 630)
         * @description A 1200 × 630 PNG under 300 KB: the stack's name, my ranking beside my friend's answer (friend stacks; "Waiting for {friend}" and no score until they answer) or the group consensus (group stacks), and my score against it with its label. The same visibility rules as the JSON read (404 otherwise); 403 NOT_ANSWERED until I have answered it. Sent with `Cache-Control: private, no-cache` and an ETag: revalidate with If-None-Match (304 while the picture is unchanged). A new picture is drawn on a render thread: at most 40 new pictures per user a minute (429 past it; cached pictures and 304s do not count), and 503 while the render queue is full.
         */
        get: operations["stacks-shareImage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/twisted_stacks/{id}/image.png": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Share image of a twisted stack I answered (PNG, 1200 × 630)
         * @description A 1200 × 630 PNG under 300 KB: the twisted stack's name, my ranking beside my friend's answer (friend stacks; "Waiting for {friend}" and no score until they answer) or the group consensus (group stacks), and my score against it with its label. The same visibility rules as the JSON read (404 otherwise); 403 NOT_ANSWERED until I have answered it. Sent with `Cache-Control: private, no-cache` and an ETag: revalidate with If-None-Match (304 while the picture is unchanged). A new picture is drawn on a render thread: at most 40 new pictures per user a minute (429 past it; cached pictures and 304s do not count), and 503 while the render queue is full.
         */
        get: operations["twistedStacks-shareImage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        WebAuthnCredential: {
            id: string;
            rawId: string;
            /** @constant */
            type: "public-key";
            response: {
                clientDataJSON: string;
                attestationObject?: string;
                authenticatorData?: string;
                signature?: string;
                userHandle?: string;
                transports?: string[];
                publicKeyAlgorithm?: number;
                publicKey?: string;
            };
            /** @default {} */
            clientExtensionResults: {
                [key: string]: unknown;
            };
            authenticatorAttachment?: string;
        };
        /** @enum {string} */
        Theme: "system" | "light" | "dark";
        Token: {
            /** @description A bearer token: send it as `Authorization: Bearer <token>`. */
            access_token: string;
            /** @constant */
            token_type: "bearer";
        };
        Message: {
            message: string;
        };
        LoginResponse: components["schemas"]["Token"] | components["schemas"]["MfaChallenge"];
        MfaChallenge: {
            /** @constant */
            mfa_required: true;
            /** @description Send it with a code to POST /v1/auth/login/mfa within 5 minutes. It is not an access token. */
            mfa_token: string;
        };
        Session: {
            id: number;
            /** @description From the user agent of the sign-in, e.g. "Chrome on Linux". */
            device: string;
            /** @description The address of the last request of this session. */
            ip: string;
            created_at: string;
            /** @description Within a minute of the last request. */
            last_seen_at: string;
            /** @description The session of the token making this call. */
            current: boolean;
            /** @description Signed in with a second factor (a code or a passkey). */
            second_factor: boolean;
            /** @description How it signed in: `password`, `two_factor` (a password and a code), `passkey`, or `registration`; always sent. Label a session by this, not by `second_factor` (true for a passkey as well). Sessions from before this field read `two_factor` when they had a second factor. */
            sign_in_method?: components["schemas"]["SignInMethod"];
        };
        /** @enum {string} */
        SignInMethod: "password" | "two_factor" | "passkey" | "registration";
        EndedSessions: {
            /** @description How many sessions ended. */
            ended: number;
        };
        TwoFactorStatus: {
            /** @description Sign-in asks for a code after the password. */
            enabled: boolean;
            /** @description Unused recovery codes (0 when two-factor sign-in is off). */
            recovery_codes_left: number;
        };
        TwoFactorSetup: {
            /** @description The base32 secret, for typing into an app by hand. */
            secret: string;
            /** @description The otpauth:// address the QR code holds. */
            otpauth_url: string;
            /** @description The QR code of `otpauth_url`, as a data: URL of an SVG image. */
            qr_code: string;
        };
        RecoveryCodes: {
            /** @description Shown this once: only their hashes are kept. Each works once. */
            recovery_codes: string[];
        };
        PasskeyList: {
            items: components["schemas"]["Passkey"][];
        };
        Passkey: {
            id: number;
            name: string;
            created_at: string;
            /** @description The last sign-in with it; null before the first. */
            last_used_at: string | null;
        };
        /** @description Pass to startRegistration / startAuthentication of @simplewebauthn/browser (or navigator.credentials). */
        WebAuthnOptions: {
            /** @description Single use; expires after 5 minutes. */
            challenge: string;
        } & {
            [key: string]: unknown;
        };
        CurrentUser: {
            id: number;
            username: string;
            email: string;
            bio: string;
            avatar_id: number;
            socials: components["schemas"]["Social"][];
            /** @description Date of the last login (YYYY-MM-DD, UTC), or null. */
            last_login: string | null;
            /** @enum {string} */
            role: "USER" | "ADMIN";
            is_email_verified: boolean;
            created_at: string;
        };
        Social: {
            id: number;
            /** @enum {string} */
            platform: "telegram" | "signal";
            value: string;
            /** @enum {string} */
            visibility: "public" | "friends" | "private";
            link: string | null;
            is_verified: boolean;
        };
        Preferences: {
            /** @description The theme chosen in Settings; null when never chosen (a device keeps its own, default dark). */
            theme: components["schemas"]["Theme"] | null;
            /** @description How the onboarding tour ended; null when it never ended, or after 'Show tour again'. */
            tour: components["schemas"]["TourRecord"] | null;
        };
        TourRecord: {
            /** @enum {string} */
            status: "completed" | "skipped";
            /** @description The tour version that ended (ONBOARDING_VERSION, "1.1.0"): a newer tour starts again. */
            version: string;
            /** @description When it ended (ISO-8601, UTC). */
            at: string;
        };
        UserSummary: {
            id: number;
            username: string;
            bio: string;
            avatar_id: number;
            /** @enum {string} */
            friend_status: "friends" | "pending" | "incoming" | "not_friends";
            last_login: string | null;
        };
        UserProfile: {
            id: number;
            username: string;
            bio: string;
            avatar_id: number;
            /** @enum {string} */
            friend_status: "friends" | "pending" | "incoming" | "not_friends";
            last_login: string | null;
            socials: components["schemas"]["Social"][];
            /** @description The pending friend request between the viewer and this user, either way, or null. */
            friend_request_id: number | null;
            /** @description true when the viewer muted this user (POST /v1/users/mutes); absent otherwise. Only the viewer sees it: the muted user never does. */
            muted?: boolean;
            /** @description Admins only (absent for others): who made the registration code this user registered with, or null. */
            invited_by?: components["schemas"]["InviteLinkUser"] | null;
            /** @description Admins only (absent for others): who registered with codes this user made (100 at most). */
            invited?: components["schemas"]["InviteLinkUser"][];
        };
        InviteLinkUser: {
            id: number;
            username: string;
        };
        SharedActivity: {
            friend_stacks_shared: number;
            friend_twisted_stacks_shared: number;
            group_stacks_shared: number;
            group_twisted_stacks_shared: number;
        };
        SharedScore: {
            /** @description The stack, or the twisted stack (open it under /v1/twisted_stacks/{id}). */
            stack_id: number;
            name: string | null;
            /** @enum {string} */
            type: "friend" | "group";
            is_twisted: boolean;
            /** @description When the later of the two answers was given (ISO-8601). */
            answered_at: string;
            /** @description The friendship score (0-75) between the two answers. */
            score: number;
        };
        SetAvatarResult: {
            avatar_id: number;
        };
        SetBioResult: {
            bio: string;
        };
        SendFriendRequestResult: {
            /**
             * @description `pending` when a request was sent; `friends` when they had already asked you.
             * @enum {string}
             */
            friend_status: "friends" | "pending" | "incoming" | "not_friends";
            request_id: number | null;
        };
        FriendRequest: {
            id: number;
            from_user_id: number;
            from_username: string;
            /** @description The user asked: the target of a friend request, the invited user of a group invitation. */
            user_id: number;
            /** @description The asked user's username. */
            username: string;
            status: components["schemas"]["RequestStatus"];
            created_at: string;
            from_avatar_id: number;
            /** @description The asked user's avatar. */
            avatar_id: number;
        };
        /** @enum {string} */
        RequestStatus: "PENDING" | "ACCEPTED" | "REJECTED" | "CANCELLED";
        FriendRequestAnswer: {
            id: number;
            /** @enum {string} */
            status: "ACCEPTED" | "REJECTED";
            /** @enum {string} */
            friend_status: "friends" | "pending" | "incoming" | "not_friends";
        };
        WithdrawFriendRequestResult: {
            id: number;
            /**
             * @description `not_friends`: the request is gone.
             * @enum {string}
             */
            friend_status: "friends" | "pending" | "incoming" | "not_friends";
        };
        BlockedUser: {
            id: number;
            username: string;
            avatar_id: number;
            created_at: string;
        };
        MutedUser: {
            id: number;
            username: string;
            avatar_id: number;
            /** @description When I muted them. */
            created_at: string;
        };
        Notification: {
            id: number;
            /** @description FRIEND_REQUEST, GROUP_INVITE, NEW_USER, RELEASE_NOTES or REPORT_RESOLVED. */
            type: string;
            /** @description What the notification is about; fields by type. */
            data: {
                from_user_id?: number;
                from_username?: string;
                group_id?: number;
                group_name?: string;
                request_id?: number;
                user_id?: number;
                username?: string;
                message?: string;
                /** @description REPORT_RESOLVED: the report. */
                report_id?: number;
                /**
                 * @description REPORT_RESOLVED: what the admins decided.
                 * @enum {string}
                 */
                status?: "resolved" | "dismissed";
                /**
                 * @description REPORT_RESOLVED: what was reported.
                 * @enum {string}
                 */
                target_type?: "user" | "stack" | "comment" | "group";
                /** @description REPORT_RESOLVED: the reported username, stack, comment or group, as it was reported. */
                target_label?: string;
            };
            is_read: boolean;
            created_at: string;
            /** @description Sent with order=unread_first only (absent otherwise, so the default call answers as before). FRIEND_REQUEST and GROUP_INVITE: true while the request still waits for my answer (accept or ignore it with its request_id), read or not; false once answered, withdrawn or cancelled, and for every other type. */
            actionable?: boolean;
        };
        UnreadCount: {
            unread_count: number;
            /** @description Incoming friend requests still open (the red dot). */
            pending_friend_requests: number;
            /** @description Incoming group invitations still open (the red dot). */
            pending_group_requests: number;
        };
        MarkReadResult: {
            marked: number;
            unread_count: number;
        };
        NotificationSettings: {
            /** @description Every kind, with its push and e-mail choice. */
            settings: {
                friend_request: components["schemas"]["NotificationKindSetting"];
                group_invite: components["schemas"]["NotificationKindSetting"];
                stack_for_me: components["schemas"]["NotificationKindSetting"];
                answer_on_my_stack: components["schemas"]["NotificationKindSetting"];
                comment_on_my_stack: components["schemas"]["NotificationKindSetting"];
                report_outcome: components["schemas"]["NotificationKindSetting"];
                release_notes: components["schemas"]["NotificationKindSetting"];
            };
        };
        NotificationKindSetting: {
            /** @description Push notifications of this kind. */
            push: boolean;
            /**
             * @description off: no e-mail; instant: one e-mail each; daily: listed in one e-mail a day (the digest).
             * @enum {string}
             */
            email: "off" | "instant" | "daily";
        };
        UnsubscribeResult: {
            message: string;
            /** @description The kinds whose e-mails are now off. */
            kinds: ("friend_request" | "group_invite" | "stack_for_me" | "answer_on_my_stack" | "comment_on_my_stack" | "report_outcome" | "release_notes")[];
        };
        GroupSummary: {
            id: number;
            name: string;
            description: string;
            owner_id: number;
            /** @description The owner's username. */
            owner: string;
            member_count: number;
            /** @description Stacks in the group. */
            board_count: number;
            is_public: boolean;
            is_restricted: boolean;
            is_readonly: boolean;
            is_member: boolean;
            /** @description The viewer may add a stack to this group: a member, and in a read-only group its owner. */
            can_create_stack: boolean;
        };
        CreateGroupResult: {
            id: number;
            name: string;
        };
        GroupDetail: {
            id: number;
            name: string;
            description: string;
            owner_id: number;
            /** @description The owner's username. */
            owner: string;
            member_count: number;
            /** @description Stacks in the group. */
            board_count: number;
            is_public: boolean;
            is_restricted: boolean;
            is_readonly: boolean;
            is_member: boolean;
            /** @description The viewer may add a stack to this group: a member, and in a read-only group its owner. */
            can_create_stack: boolean;
            current_user_id: number;
            members: components["schemas"]["GroupMember"][];
            bots: components["schemas"]["BotSummary"][];
            /** @description The viewer's friends who are not members (invitation candidates). */
            non_members: components["schemas"]["UserRef"][];
            pending_invitation_user_ids: number[];
            /** @description Removed (blocked) users; the owner only. */
            blocks: components["schemas"]["GroupBlock"][];
            is_owner: boolean;
            /** @description The viewer has an open invitation to this group. */
            is_invited: boolean;
            can_invite: boolean;
            /** @description The viewer may retire the group: its owner, while the only member. */
            can_retire: boolean;
        };
        GroupMember: {
            /** @description Same as user_id. */
            id: number;
            user_id: number;
            /** @enum {string} */
            role: "OWNER" | "MEMBER";
            user: {
                username: string;
                avatar_id: number;
            };
        };
        BotSummary: {
            id: number;
            name: string;
            bio: string;
            avatar_id: number;
        };
        UserRef: {
            id: number;
            username: string;
            avatar_id: number;
        };
        GroupBlock: {
            user_id: number;
            username: string;
            avatar_id: number;
            created_at: string;
        };
        InviteResult: {
            message: string;
            request_id: number;
        };
        SetDescriptionResult: {
            id: number;
            description: string;
        };
        GroupAgreement: {
            /** @description Current members the viewer may see (blocks either way left out), by username. */
            members: components["schemas"]["UserRef"][];
            /** @description Every pair with at least one common answered stack, by user_a.id then user_b.id. */
            pairs: components["schemas"]["AgreementPair"][];
            /** @description Group stacks read: the newest ones the viewer may see, at most AGREEMENT.groupStacksMax (500). */
            stacks_considered: number;
        };
        AgreementPair: {
            /** @description The member with the smaller id. */
            user_a: components["schemas"]["PairMember"];
            /** @description The member with the larger id. */
            user_b: components["schemas"]["PairMember"];
            /** @description The exact mean friendship score (0-75) over the group stacks both answered (not rounded). */
            score: number;
            /** @description How many group stacks both answered. */
            stacks: number;
        };
        PairMember: {
            id: number;
            username: string;
        };
        GroupsOverview: {
            my_groups: components["schemas"]["GroupSummary"][];
            public_groups: components["schemas"]["GroupSummary"][];
        };
        GroupRequest: {
            id: number;
            from_user_id: number;
            from_username: string;
            /** @description The user asked: the target of a friend request, the invited user of a group invitation. */
            user_id: number;
            /** @description The asked user's username. */
            username: string;
            status: components["schemas"]["RequestStatus"];
            created_at: string;
            group_id: number;
            group_name: string;
        };
        GroupRequestAnswer: {
            id: number;
            /** @enum {string} */
            status: "ACCEPTED" | "REJECTED";
            group_id: number;
        };
        StackListItem: {
            /** @description The stack (for a twisted stack: the original). */
            id: number;
            /** @enum {string} */
            type: "stack" | "twisted";
            name: string | null;
            owner_id: number;
            owner_username: string;
            owner_avatar_id: number;
            created_at: string;
            updated_at: string;
            audience: components["schemas"]["Audience"];
            bot: {
                id: number;
                name: string;
                avatar_id: number;
            } | null;
            /** @description Present on twisted stacks; its id opens /v1/twisted_stacks/{id}. */
            twist: components["schemas"]["TwistRef"] | null;
            users: {
                user_id: number;
                username: string;
                is_answered: boolean;
                is_viewed: boolean;
            }[];
            me: {
                is_answered: boolean;
                viewed: boolean;
                viewed_comments: boolean;
            };
        };
        Audience: {
            /** @enum {string} */
            type: "friend" | "group";
            user: components["schemas"]["UserRef"] | null;
            group: {
                id: number;
                name: string;
            } | null;
        };
        TwistRef: {
            id: number;
            twist_description: string;
            owner_id: number;
            owner_username: string;
        };
        HideNewResult: {
            /** @description Stacks and twisted stacks changed. */
            count: number;
            /** @description The id of this call's hides: DELETE /v1/users/me/hidden-stacks/batches/{batch_id} shows them all again (Unhide all). Null when nothing was hidden. */
            batch_id: number | null;
        };
        HiddenStacks: {
            /** @description One page, the latest hidden first. */
            items: components["schemas"]["HiddenStack"][];
            /** @description How many stacks I hid that I may still see, all pages (the feed's empty state names it); counted up to 1000. */
            hidden_count: number;
            /** @description True when there are more than 1000: hidden_count then reads 1000. */
            hidden_count_capped: boolean;
        };
        HiddenStack: {
            /** @description The hidden stack (a twisted stack's own id for a twisted one): DELETE /v1/users/me/hidden-stacks/{id} shows it again. */
            id: number;
            /** @enum {string} */
            type: "stack" | "twisted";
            /** @description A twisted stack's original; null for a stack. */
            original_id: number | null;
            name: string | null;
            twist_description: string | null;
            /** @enum {string} */
            mode: "friend" | "group";
            /** @description A group stack's group. */
            group_name: string | null;
            /** @description Who created it (twisted it, for a twisted stack). */
            owner_username: string;
            hidden_at: string;
            /** @description The Hide New Stacks call that hid it (its answer's batch_id); null when hidden on its own. */
            batch_id: number | null;
        };
        UnhideResult: {
            /** @description Stacks shown again. */
            count: number;
            /** @description Hidden stacks left, as GET /v1/users/me/hidden-stacks counts them. */
            hidden_count: number;
        };
        CountResult: {
            /** @description Stacks and twisted stacks changed. */
            count: number;
        };
        IdResult: {
            id: number;
        };
        Stack: {
            id: number;
            name: string | null;
            positions: string[];
            owner_id: number;
            owner_username: string;
            owner_avatar_id: number;
            created_at: string;
            is_sandboxed: boolean;
            group_id: number | null;
            audience: components["schemas"]["Audience"];
            bot: {
                id: number;
                name: string;
                avatar_id: number;
            } | null;
            /** @description Responders, the viewer first, in the order to show them; blocked users left out. Each score is relative to the viewer. */
            users: components["schemas"]["Responder"][];
            blocked_user_ids: number[];
            /** @description Group stacks: the positions in consensus order. */
            consensus: string[] | null;
            /** @description Group stacks, exactly when `consensus` is given: the consensus as item indices, with the optimal (Kemeny-Young) order and the Condorcet winner beside it. Null otherwise. */
            consensus_detail: components["schemas"]["ConsensusDetail"] | null;
            /** @description One page of comments, oldest first within the page. comments_offset counts back from the newest comment, so the default call returns the newest 100. Left out: comments of blocked users and of users the viewer muted, and sandboxed comments except for their author and admins. */
            comments: components["schemas"]["Comment"][];
            /** @description True when older comments exist before this page: ask again with comments_offset = comments_offset + comments.length. */
            comments_has_more: boolean;
            /** @description Admins: members the stack is hidden for. */
            hidden_user_ids: number[];
            twist: components["schemas"]["TwistRef"] | null;
            me: {
                is_answered: boolean;
                /** @description Not answered yet and in the stack's audience. False for an admin who sees the stack only to moderate it (not a member of its group, say). */
                can_answer: boolean;
                /** @description In the stack's audience. False for an admin who sees the stack only to moderate it. */
                can_comment: boolean;
                /** @description Show the responses and comments rather than the ranking board: the viewer answered, or may not answer (an admin who sees the stack only to moderate it). */
                sees_responses: boolean;
                can_edit: boolean;
                can_twist: boolean;
                can_sandbox: boolean;
                can_unsandbox: boolean;
                can_delete: boolean;
                /** @description Admins, on a group stack (not a twisted stack): may hide it for chosen members. */
                can_hide_for_users: boolean;
                /** @description With can_hide_for_users: the members it may be hidden for (those who have not answered it, not the viewer); else empty. */
                hideable_user_ids: number[];
            };
        };
        Responder: {
            user_id: number;
            username: string;
            avatar_id: number;
            /** @constant */
            is_answered: true;
            /** @description Hidden (null) until the viewer has answered. */
            position_ids: number[] | null;
            positions: string[] | null;
            /** @description Friendship score with the viewer's answer (0-75); null for the viewer or before the viewer answered. */
            score: number | null;
            answered_at: string;
        };
        ConsensusDetail: {
            /** @description The spec consensus (Borda: mean place, ties by more first places, then stack order) as item indices, best first; the order of `consensus`. */
            borda: number[];
            /** @description The Kemeny-Young order as item indices, best first: of all 720 orders, the one with the least total Kendall-tau distance to the answers (it disagrees with the fewest head-to-head preferences). Ties: the order closest to `borda`, then the smallest indices first. */
            kemeny: number[];
            /** @description The item index a strict majority of the answers prefers to each other item head to head; null when there is none (a tie or a cycle). It is first in `kemeny`, not always in `borda`. */
            condorcet_winner: number | null;
            /**
             * @description Where the order of `consensus` and `borda` comes from: the Borda count, items by mean place over all answers. Always sent.
             * @constant
             */
            method?: "borda";
            /** @description By item index: the mean place over all answers, 1 = first, to two decimals (what `borda` orders by). Always sent. */
            mean_places?: number[];
            /** @description By item index: how many answers put the item first (the first tie-break). Always sent. */
            first_places?: number[];
            /** @description Each pair of neighbours in `borda` with the same mean place, and the rule that put one before the other. Always sent; empty when no two items tie. */
            ties?: components["schemas"]["ConsensusTie"][];
            /** @description Sentences for people that agree with `borda` (shared/consensus-explained.ts): the method, each tie and how it was broken, and the Condorcet winner as what it is (also first here, or first in the optimal order only). Always sent. */
            explanation?: string[];
        };
        ConsensusTie: {
            /** @description The place (0 = first) of the item put before the other. */
            place: number;
            /** @description The two item indices, in `borda` order. */
            items: [
                number,
                number
            ];
            /**
             * @description first_places: the first has more first places; stack_order: as many, and it is listed earlier in the stack.
             * @enum {string}
             */
            broken_by: "first_places" | "stack_order";
        };
        Comment: {
            id: number;
            user_id: number;
            username: string;
            avatar_id: number;
            description: string;
            created_at: string;
            updated_at: string;
            is_sandboxed: boolean;
            /** @description Sandboxed by an admin: only an admin may unsandbox it (its author may not). */
            sandboxed_by_admin: boolean;
            /** @description What the viewer may do with this comment; each flag is true exactly when the call would be allowed. */
            me: {
                /** @description Its author. */
                can_edit: boolean;
                /** @description Its author. */
                can_delete: boolean;
                /** @description Its author or an admin. */
                can_sandbox: boolean;
                /** @description An admin, or its author unless an admin sandboxed it. */
                can_unsandbox: boolean;
            };
        };
        SandboxResult: {
            id: number;
            is_sandboxed: boolean;
        };
        TwistedStack: {
            id: number;
            name: string | null;
            positions: string[];
            owner_id: number;
            owner_username: string;
            owner_avatar_id: number;
            created_at: string;
            is_sandboxed: boolean;
            group_id: number | null;
            audience: components["schemas"]["Audience"];
            bot: {
                id: number;
                name: string;
                avatar_id: number;
            } | null;
            /** @description Responders, the viewer first, in the order to show them; blocked users left out. Each score is relative to the viewer. */
            users: components["schemas"]["Responder"][];
            blocked_user_ids: number[];
            /** @description Group stacks: the positions in consensus order. */
            consensus: string[] | null;
            /** @description Group stacks, exactly when `consensus` is given: the consensus as item indices, with the optimal (Kemeny-Young) order and the Condorcet winner beside it. Null otherwise. */
            consensus_detail: components["schemas"]["ConsensusDetail"] | null;
            /** @description One page of comments, oldest first within the page. comments_offset counts back from the newest comment, so the default call returns the newest 100. Left out: comments of blocked users and of users the viewer muted, and sandboxed comments except for their author and admins. */
            comments: components["schemas"]["Comment"][];
            /** @description True when older comments exist before this page: ask again with comments_offset = comments_offset + comments.length. */
            comments_has_more: boolean;
            /** @description Admins: members the stack is hidden for. */
            hidden_user_ids: number[];
            twist: components["schemas"]["TwistRef"] | null;
            me: {
                is_answered: boolean;
                /** @description Not answered yet and in the stack's audience. False for an admin who sees the stack only to moderate it (not a member of its group, say). */
                can_answer: boolean;
                /** @description In the stack's audience. False for an admin who sees the stack only to moderate it. */
                can_comment: boolean;
                /** @description Show the responses and comments rather than the ranking board: the viewer answered, or may not answer (an admin who sees the stack only to moderate it). */
                sees_responses: boolean;
                can_edit: boolean;
                can_twist: boolean;
                can_sandbox: boolean;
                can_unsandbox: boolean;
                can_delete: boolean;
                /** @description Admins, on a group stack (not a twisted stack): may hide it for chosen members. */
                can_hide_for_users: boolean;
                /** @description With can_hide_for_users: the members it may be hidden for (those who have not answered it, not the viewer); else empty. */
                hideable_user_ids: number[];
            };
            /** @description The original stack. */
            stack_id: number;
            twist_description: string;
            original: {
                /** @description Responders' original rankings (left column). */
                users: components["schemas"]["Responder"][];
            };
        };
        CreateBotResult: {
            id: number;
            name: string;
        };
        Bot: {
            id: number;
            name: string;
            /** @description Its picture is /assets/{avatar_id}. */
            avatar_id: number;
            bio: string;
            owner_id: number;
            owner: {
                username: string;
                avatar_id: number;
            };
            /** @description The audience user of a user bot; null for a group bot. */
            friend_id: number | null;
            friend: components["schemas"]["UserRef"] | null;
            group: {
                id: number;
                name: string;
            } | null;
            audience: {
                /** @constant */
                type: "user";
                user: components["schemas"]["UserRef"];
            } | {
                /** @constant */
                type: "group";
                group: {
                    id: number;
                    name: string;
                };
            };
            data: {
                /** @description Weekdays 0-6, Monday = 0. */
                schedule: number[];
            };
            keywords: components["schemas"]["BotKeyword"][];
            /** @description The viewer may add and remove tags. */
            can_edit_tags: boolean;
        };
        BotKeyword: {
            id: number;
            name: string;
            status: components["schemas"]["TagStatus"];
            /** @description False for ACTIVE tags already used in the current rotation: they are not chosen again until every ACTIVE tag has been used. */
            is_available: boolean;
        };
        /** @enum {string} */
        TagStatus: "PENDING" | "ACTIVE" | "DEACTIVATING" | "DISABLED";
        BotRun: {
            id: number;
            /** @description The UTC day of the run, YYYY-MM-DD. */
            run_on: string;
            success: boolean;
            /** @description Seconds. */
            runtime: number;
            /** @description The tags the run used. */
            keywords_prompt: string[];
            /** @description What was asked of the generator. */
            raw_prompt: string;
            stack_id: number | null;
            error: string | null;
            started_at: string;
            /** @description Same as started_at. */
            created_at: string;
        };
        SiteInfo: {
            product_name: string;
            /** @description The operator's contact address (CONTACT_EMAIL): deletion requests, appeals. */
            contact_email: string;
        };
        Report: {
            id: number;
            /** @description The reporter's username. */
            reporter: string;
            /** @enum {string} */
            target_type: "user" | "stack" | "comment" | "group";
            target_id: number;
            /**
             * @description Why: spam, harassment, hate, sexual content, violence or other.
             * @enum {string}
             */
            reason: "spam" | "harassment" | "hate" | "sexual content" | "violence" | "other";
            note: string;
            /** @description The target's content when it was reported, by target_type; it stays after the target is edited or deleted. */
            snapshot: components["schemas"]["ReportUserSnapshot"] | components["schemas"]["ReportStackSnapshot"] | components["schemas"]["ReportCommentSnapshot"] | components["schemas"]["ReportGroupSnapshot"];
            /** @enum {string} */
            status: "open" | "resolved" | "dismissed";
            resolution_note: string | null;
            /** @description The username of the admin who resolved or dismissed it. */
            resolved_by: string | null;
            created_at: string;
            resolved_at: string | null;
            /** @description The target as it is now (admins only; null for anyone else's view of their own reports). */
            target_state: components["schemas"]["ReportTargetState"] | null;
        };
        ReportUserSnapshot: {
            username: string;
            bio: string;
            avatar_id: number;
        } & {
            [key: string]: unknown;
        };
        ReportStackSnapshot: {
            /** @enum {string} */
            type: "stack" | "twisted";
            name: string | null;
            /** @description The items, in the order the owner listed them. */
            positions: string[];
            owner_username: string;
            /** @enum {string} */
            mode: "friend" | "group";
            group_id: number | null;
            group_name: string | null;
            bot_name: string | null;
            twist_description: string | null;
            /** @description For a twisted stack: the original stack (which the sandbox call acts on). */
            stack_id: number | null;
        } & {
            [key: string]: unknown;
        };
        ReportCommentSnapshot: {
            text: string;
            author_username: string;
            /** @description The stack or twisted stack the comment is on. */
            stack_id: number;
            /** @enum {string} */
            stack_type: "stack" | "twisted";
            stack_name: string | null;
        } & {
            [key: string]: unknown;
        };
        ReportGroupSnapshot: {
            name: string;
            description: string;
            owner_username: string;
            is_public: boolean;
        } & {
            [key: string]: unknown;
        };
        ReportTargetState: {
            /** @description Gone: a deleted stack or comment, a deactivated account, a retired group. */
            deleted: boolean;
            /** @description A sandboxed stack (its original for a twisted stack) or comment; false for users and groups. */
            sandboxed: boolean;
            /** @description How many users the stack (its original for a twisted stack) was hidden for by someone else (an admin); 0 for other targets. */
            hidden_for_users: number;
        };
        Invite: {
            id: number;
            /** @description The registration code (single use). */
            code: string;
            /** @description `{APP_URL}/register?code={code}`: the register page with the code filled in. */
            link: string;
            state: components["schemas"]["InviteState"];
            expires_at: string;
            created_at: string;
            /** @description The username of who registered with this invite; null while unused, or when that account is deactivated or either of you blocked the other. */
            joined: string | null;
        };
        /** @enum {string} */
        InviteState: "unused" | "used" | "expired";
        DataExport: {
            /** @constant */
            format: "stacks-export";
            /** @constant */
            version: 1;
            /** @description ISO-8601, UTC. */
            exported_at: string;
            /** @description The most rows any list holds. */
            items_per_section: number;
            /** @description Lists that had more rows than items_per_section (their newest rows are kept). */
            truncated: string[];
            profile: {
                id: number;
                username: string;
                email: string;
                bio: string;
                avatar_id: number;
                /** @enum {string} */
                role: "USER" | "ADMIN";
                is_email_verified: boolean;
                /** @description ISO-8601, UTC, or null. */
                email_verified_at: string | null;
                /** @description ISO-8601, UTC, or null. */
                last_login_at: string | null;
                /** @description ISO-8601, UTC. */
                created_at: string;
            };
            socials: {
                /** @enum {string} */
                platform: "telegram" | "signal";
                value: string;
                /** @enum {string} */
                visibility: "public" | "friends" | "private";
                is_verified: boolean;
                /** @description ISO-8601, UTC. */
                created_at: string;
                /** @description ISO-8601, UTC. */
                updated_at: string;
            }[];
            friends: {
                /** @description Another user, by username. */
                username: string;
                /** @description ISO-8601, UTC. */
                since: string;
            }[];
            friend_requests: {
                sent: {
                    /** @description Another user, by username. */
                    username: string;
                    status: components["schemas"]["RequestStatus"];
                    /** @description ISO-8601, UTC. */
                    created_at: string;
                    /** @description ISO-8601, UTC, or null. */
                    responded_at: string | null;
                }[];
                received: {
                    /** @description Another user, by username. */
                    username: string;
                    status: components["schemas"]["RequestStatus"];
                    /** @description ISO-8601, UTC. */
                    created_at: string;
                    /** @description ISO-8601, UTC, or null. */
                    responded_at: string | null;
                }[];
            };
            /** @description Users you blocked, and since when. */
            blocks: {
                /** @description Another user, by username. */
                username: string;
                /** @description ISO-8601, UTC. */
                since: string;
            }[];
            /** @description Users you muted, and since when. */
            mutes: {
                /** @description Another user, by username. */
                username: string;
                /** @description ISO-8601, UTC. */
                since: string;
            }[];
            /** @description Stacks and twisted stacks you made (or your bots made), newest first. */
            stacks: {
                id: number;
                /** @enum {string} */
                type: "stack" | "twisted";
                /** @description For a twisted stack: the stack it twists. */
                original_stack_id: number | null;
                name: string | null;
                twist_description: string | null;
                positions: string[];
                audience: {
                    /** @enum {string} */
                    type: "friend" | "group";
                    /** @description A friend stack: the friend. */
                    username: string | null;
                    /** @description A group stack: the group. */
                    group_name: string | null;
                };
                /** @description Set when one of your bots made it. */
                bot_name: string | null;
                is_sandboxed: boolean;
                /** @description ISO-8601, UTC. */
                created_at: string;
                /** @description Your answer, and others' answers where the app shows them to you: after you answered, while you may see the stack, not of blocked users. */
                answers: {
                    /** @description Another user, by username. */
                    username: string;
                    /** @description The positions as this user ranked them, best first. */
                    ranking: string[];
                    /** @description ISO-8601, UTC. */
                    answered_at: string;
                }[];
            }[];
            /** @description Your answers to any stack, newest first. */
            answers: {
                stack_id: number;
                /** @enum {string} */
                type: "stack" | "twisted";
                stack_name: string | null;
                /** @description Your ranking, best first. */
                ranking: string[];
                /** @description ISO-8601, UTC. */
                answered_at: string;
            }[];
            /** @description Your comments, newest first. */
            comments: {
                id: number;
                stack_id: number;
                description: string;
                is_sandboxed: boolean;
                /** @description ISO-8601, UTC. */
                created_at: string;
                /** @description ISO-8601, UTC. */
                updated_at: string;
            }[];
            /** @description Groups you belong to, with your role. */
            groups: {
                id: number;
                name: string;
                /** @enum {string} */
                role: "OWNER" | "MEMBER";
                /** @description ISO-8601, UTC. */
                joined_at: string;
                is_public: boolean;
                is_restricted: boolean;
                is_readonly: boolean;
                is_retired: boolean;
            }[];
            group_invitations: {
                sent: {
                    group_name: string;
                    /** @description Another user, by username. */
                    username: string;
                    status: components["schemas"]["RequestStatus"];
                    /** @description ISO-8601, UTC. */
                    created_at: string;
                    /** @description ISO-8601, UTC, or null. */
                    responded_at: string | null;
                }[];
                received: {
                    group_name: string;
                    /** @description Another user, by username. */
                    username: string;
                    status: components["schemas"]["RequestStatus"];
                    /** @description ISO-8601, UTC. */
                    created_at: string;
                    /** @description ISO-8601, UTC, or null. */
                    responded_at: string | null;
                }[];
            };
            notifications: {
                id: number;
                type: string;
                /** @description As in GET /v1/users/notifications, without other users' ids. */
                data: {
                    [key: string]: unknown;
                };
                is_read: boolean;
                /** @description ISO-8601, UTC. */
                created_at: string;
            }[];
            invites: {
                code: string;
                state: components["schemas"]["InviteState"];
                /** @description ISO-8601, UTC. */
                created_at: string;
                /** @description ISO-8601, UTC. */
                expires_at: string;
                joined: string | null;
            }[];
            /** @description Reports you filed, with their outcome. */
            reports: {
                id: number;
                target_type: string;
                target_id: number;
                reason: string;
                note: string;
                status: string;
                resolution_note: string | null;
                /** @description ISO-8601, UTC. */
                created_at: string;
                /** @description ISO-8601, UTC, or null. */
                resolved_at: string | null;
            }[];
        };
        PushKey: {
            /** @description The VAPID public key: a 65-byte uncompressed P-256 point, base64url without padding. */
            public_key: string;
        };
        PushSubscription: {
            id: number;
            /** @description The push service's host (e.g. fcm.googleapis.com), to tell devices apart. */
            endpoint_host: string;
            /** @description When this browser profile first subscribed. */
            created_at: string;
        };
        TestPush: {
            /** @description Pushes queued, one per subscription of mine. */
            queued: number;
        };
        AdminCode: {
            id: number;
            code: string;
            max_uses: number;
            /** @description How many accounts registered with it. */
            uses: number;
            expires_at: string | null;
            revoked_at: string | null;
            created_at: string;
            /** @description The admin who made it; null for a code made by the CLI or at first start. */
            created_by: components["schemas"]["AdminUserRef"] | null;
            /**
             * @description revoked wins over used_up, which wins over expired.
             * @enum {string}
             */
            status: "active" | "used_up" | "expired" | "revoked";
            /** @description Every use was taken (uses = max_uses), whatever the status says (a used-up code revoked earlier reads `revoked`); always sent. Such a code cannot be revoked (409 CODE_USED_UP): offer no Revoke for it. */
            used_up?: boolean;
        };
        AdminUserRef: {
            id: number;
            username: string;
        };
        AdminUser: {
            id: number;
            username: string;
            email: string;
            /** @enum {string} */
            role: "USER" | "ADMIN";
            is_active: boolean;
            email_verified: boolean;
            created_at: string;
            last_login_at: string | null;
            /** @description Who made the code this user registered with (an invite or an admin-made code); null for a CLI code. */
            invited_by: components["schemas"]["AdminUserRef"] | null;
            /** @description How many accounts registered with codes this user made. */
            invited_count: number;
        };
        AdminUserDetail: {
            id: number;
            username: string;
            email: string;
            /** @enum {string} */
            role: "USER" | "ADMIN";
            is_active: boolean;
            email_verified: boolean;
            created_at: string;
            last_login_at: string | null;
            /** @description Who made the code this user registered with (an invite or an admin-made code); null for a CLI code. */
            invited_by: components["schemas"]["AdminUserRef"] | null;
            /** @description How many accounts registered with codes this user made. */
            invited_count: number;
            /** @description Who registered with codes this user made, oldest first (at most 100). */
            invited: components["schemas"]["AdminUserRef"][];
        };
        AdminBot: {
            id: number;
            name: string;
            bio: string;
            avatar_id: number;
            owner: components["schemas"]["AdminUserRef"];
            audience: {
                /** @constant */
                type: "user";
                user: components["schemas"]["AdminUserRef"];
            } | {
                /** @constant */
                type: "group";
                group: {
                    id: number;
                    name: string;
                };
            };
            /** @description Weekdays 0-6, Monday = 0. */
            schedule: number[];
            /** @enum {string} */
            generator: "builtin" | "openai";
            keywords: components["schemas"]["BotKeyword"][];
            last_run: {
                run_on: string;
                success: boolean;
                stack_id: number | null;
                error: string | null;
            } | null;
        };
        ReleaseNotesResult: {
            /** @description Active users notified. */
            recipients: number;
        };
        AuditEntry: {
            id: number;
            at: string;
            /** @description The admin; null for the CLI, which runs as whoever has the shell. */
            actor: components["schemas"]["AdminUserRef"] | null;
            /**
             * @description web: the app (tRPC); rest: a REST call; cli: npm run cli.
             * @enum {string}
             */
            source: "web" | "rest" | "cli";
            /** @enum {string} */
            action: "codes.create" | "codes.revoke" | "users.role" | "users.deactivate" | "users.second_factors_reset" | "bots.create" | "bots.update" | "bots.run" | "bots.purge" | "bots.tags.add" | "bots.tags.remove" | "release_notes.broadcast" | "reports.update" | "database.backup" | "database.restore";
            /** @description code, user, bot, report, database; null when there is none. */
            target_type: string | null;
            /** @description The target id as text (a code id, a user id, a bot id, a file name). */
            target_id: string | null;
            /** @enum {string} */
            outcome: "success" | "failure";
            /** @description What was done (e.g. "5 uses, expires in 7 days"), or why it failed. */
            detail: string | null;
        };
        Error: {
            /** @description A sentence for people: what went wrong and, for bad input, which field and rule. */
            detail: string;
            code: components["schemas"]["ErrorCode"];
            /** @description For validation failures: every failed rule, per field. */
            errors?: {
                field: string;
                message: string;
            }[];
        };
        /**
         * @description A stable machine code, e.g. USERNAME_TAKEN or VALIDATION_FAILED.
         * @enum {string}
         */
        ErrorCode: "USERNAME_TAKEN" | "EMAIL_TAKEN" | "INVALID_REGISTRATION_CODE" | "REGISTRATION_CODE_EXPIRED" | "REGISTRATION_CODE_USED" | "INVALID_CREDENTIALS" | "INVALID_TOKEN" | "TOKEN_USED" | "TOKEN_EXPIRED" | "USER_NOT_FOUND" | "INVALID_SOCIAL" | "INVALID_SOCIAL_ID" | "SOCIAL_NOT_FOUND" | "NOTIFICATION_NOT_FOUND" | "NOT_ADMIN" | "ACCOUNT_DEACTIVATED" | "INVALID_CODE" | "MFA_EXPIRED" | "TWO_FACTOR_ON" | "TWO_FACTOR_OFF" | "TWO_FACTOR_NOT_STARTED" | "ADMIN_2FA_REQUIRED" | "PASSKEY_LIMIT" | "PASSKEY_EXISTS" | "PASSKEY_NOT_FOUND" | "PASSKEY_CHALLENGE_EXPIRED" | "PASSKEY_REFUSED" | "SELF_REQUEST" | "ALREADY_FRIENDS" | "FRIEND_REQUEST_NOT_FOUND" | "NOT_FRIENDS" | "SELF_BLOCK" | "NOT_BLOCKED" | "NOT_THE_SENDER" | "FRIEND_REQUEST_COOLING_OFF" | "SELF_MUTE" | "NOT_MUTED" | "MUTE_LIMIT" | "GROUP_NOT_FOUND" | "GROUP_REQUEST_NOT_FOUND" | "GROUP_BLOCKED" | "GROUP_HAS_MEMBERS" | "GROUP_MISMATCH" | "OWNER_CANNOT_LEAVE" | "PRIVATE_GROUP" | "READ_ONLY_GROUP" | "NOT_A_MEMBER" | "NOT_THE_OWNER" | "ALREADY_MEMBER" | "ALREADY_INVITED" | "SELF_INVITE" | "REQUEST_ANSWERED" | "REQUEST_PENDING" | "STACK_NOT_FOUND" | "COMMENT_NOT_FOUND" | "SELF_STACK" | "NOT_OWNER" | "NOT_ALLOWED" | "NOT_IN_AUDIENCE" | "NOT_AUTHOR" | "NOT_ANSWERED" | "ALREADY_ANSWERED" | "ALREADY_TWISTED" | "TWIST_NOT_QUALIFIED" | "EDIT_WINDOW_CLOSED" | "HAS_RESPONSES" | "NOT_BOT_STACK" | "NOT_GROUP_STACK" | "ALREADY_SANDBOXED" | "NOT_SANDBOXED" | "SANDBOXED_BY_ADMIN" | "NO_USERS" | "SELF_HIDE" | "NOT_HIDEABLE" | "NOT_HIDDEN" | "HIDE_BATCH_NOT_FOUND" | "BOT_NOT_FOUND" | "NOT_BOT_EDITOR" | "NOT_BOT_PURGER" | "TOO_MANY_STREAMS" | "REPORT_NOT_FOUND" | "SELF_REPORT" | "ALREADY_REPORTED" | "INVITE_QUOTA_REACHED" | "INVALID_UNSUBSCRIBE_LINK" | "UNSUBSCRIBE_LINK_EXPIRED" | "INVALID_PUSH_ENDPOINT" | "INVALID_PUSH_KEYS" | "PUSH_SUBSCRIPTION_NOT_FOUND" | "CODE_NOT_FOUND" | "CODE_USED_UP" | "SELF_ADMIN_CHANGE" | "BOT_ALREADY_RAN" | "SESSION_NOT_FOUND" | "VALIDATION_FAILED" | "INVALID_VALUE" | "INVALID_BODY" | "MALFORMED_JSON" | "BATCH_TOO_LARGE" | "HEADERS_TOO_LARGE" | "DATABASE_UNAVAILABLE" | "STATEMENT_TIMEOUT" | "ERROR" | "PARSE_ERROR" | "BAD_REQUEST" | "INTERNAL_SERVER_ERROR" | "NOT_IMPLEMENTED" | "BAD_GATEWAY" | "SERVICE_UNAVAILABLE" | "GATEWAY_TIMEOUT" | "UNAUTHORIZED" | "PAYMENT_REQUIRED" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_SUPPORTED" | "TIMEOUT" | "CONFLICT" | "PRECONDITION_FAILED" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE_CONTENT" | "PRECONDITION_REQUIRED" | "TOO_MANY_REQUESTS" | "CLIENT_CLOSED_REQUEST";
        LiveEvent_stack_created: {
            /** @description The stack or twisted stack. */
            stack_id: number;
            /** @enum {string} */
            type: "stack" | "twisted";
            /** @description For a twisted stack, the stack it twists; else null. */
            original_id: number | null;
        };
        LiveEvent_stack_updated: {
            /** @description The stack or twisted stack. */
            stack_id: number;
            /** @enum {string} */
            type: "stack" | "twisted";
            /** @description For a twisted stack, the stack it twists; else null. */
            original_id: number | null;
        };
        LiveEvent_stack_deleted: {
            /** @description The stack or twisted stack. */
            stack_id: number;
            /** @enum {string} */
            type: "stack" | "twisted";
            /** @description For a twisted stack, the stack it twists; else null. */
            original_id: number | null;
        };
        LiveEvent_stack_hidden: {
            /** @description The stack or twisted stack. */
            stack_id: number;
            /** @enum {string} */
            type: "stack" | "twisted";
            /** @description For a twisted stack, the stack it twists; else null. */
            original_id: number | null;
        };
        LiveEvent_stack_answered: {
            /** @description The stack or twisted stack. */
            stack_id: number;
            /** @enum {string} */
            type: "stack" | "twisted";
            /** @description For a twisted stack, the stack it twists; else null. */
            original_id: number | null;
            user_id: number;
        };
        LiveEvent_comment_created: {
            stack_id: number;
            /** @enum {string} */
            type: "stack" | "twisted";
            comment_id: number;
        };
        LiveEvent_comment_updated: {
            stack_id: number;
            /** @enum {string} */
            type: "stack" | "twisted";
            comment_id: number;
        };
        LiveEvent_notification_created: {
            notification_id: number;
            type: string;
            unread: components["schemas"]["UnreadCount"];
        };
        LiveEvent_group_member_joined: {
            group_id: number;
            user_id: number;
        };
        LiveEvent_group_member_left: {
            group_id: number;
            user_id: number;
        };
        LiveEvent_feed_bulk_updated: {
            /**
             * @description hide_new: Hide New Stacks; clear_updates: Clear Updates; unhide: hidden stacks shown again (one, or Unhide all).
             * @enum {string}
             */
            action: "hide_new" | "clear_updates" | "unhide";
            /** @description How many stacks it hid or marked viewed. */
            count: number;
        };
        LiveEvent_refetch: {
            /** @constant */
            reason: "cursor_too_old";
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "users-register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 3 to 30 letters, digits, underscores or hyphens; starts and ends with a letter or digit. */
                    username: string & (unknown & unknown & unknown);
                    email: string;
                    /** @description 8 characters at least, 72 bytes at most (UTF-8). */
                    password: string;
                    registration_code: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Token"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users-verifyEmail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "auth-login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username_or_email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponse"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "auth-loginMfa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    mfa_token: string;
                    /** @description A six-digit code from the authenticator app, or one of the recovery codes. */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Token"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "auth-recovery": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "auth-checkReset": {
        parameters: {
            query: {
                /** @description The token of the password reset link. */
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "auth-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                    /** @description 8 characters at least, 72 bytes at most (UTF-8). */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "sessions-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "sessions-end": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ended (204 No Content). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "sessions-endOthers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EndedSessions"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "sessions-logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out (204 No Content). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twoFactor-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TwoFactorStatus"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twoFactor-setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TwoFactorSetup"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twoFactor-confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A six-digit code from the authenticator app, or one of the recovery codes. */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveryCodes"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twoFactor-disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A six-digit code from the authenticator app, or one of the recovery codes. */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Off (204 No Content). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twoFactor-regenerateRecoveryCodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A six-digit code from the authenticator app, or one of the recovery codes. */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveryCodes"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "passkeys-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyList"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "passkeys-add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    response: components["schemas"]["WebAuthnCredential"];
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Passkey"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "passkeys-registrationOptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebAuthnOptions"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "passkeys-remove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed (204 No Content). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "passkeys-signInOptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebAuthnOptions"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "passkeys-signIn": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    response: components["schemas"]["WebAuthnCredential"];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Token"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users-me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CurrentUser"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users-preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Preferences"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users-setPreferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    theme?: components["schemas"]["Theme"];
                    tour?: {
                        /** @enum {string} */
                        status: "completed" | "skipped";
                    } | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Preferences"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users-deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    confirm: true;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users-list": {
        parameters: {
            query?: {
                q?: string;
                offset?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserSummary"][];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserProfile"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users-shared": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SharedActivity"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users-scores": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SharedScore"][];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users-setAvatar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    avatar_id: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SetAvatarResult"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users-setBio": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    bio: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SetBioResult"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users-upsertSocial": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    platform: string;
                    value: string;
                    /**
                     * @default public
                     * @enum {string}
                     */
                    visibility?: "public" | "friends" | "private";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Social"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users-deleteSocial": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The social's id, or its platform name ("telegram" or "signal"). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "friends-listRequests": {
        parameters: {
            query?: {
                type?: "incoming" | "outgoing";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FriendRequest"][];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "friends-sendRequest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    user_id: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SendFriendRequestResult"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "friends-respond": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status: "ACCEPTED" | "REJECTED";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FriendRequestAnswer"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "friends-withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WithdrawFriendRequestResult"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "friends-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserSummary"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "friends-unfriend": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "friends-listBlocks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BlockedUser"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "friends-block": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    user_id: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "friends-unblock": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "mutes-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MutedUser"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "mutes-mute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The user to mute. */
                    user_id: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "mutes-unmute": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "notifications-list": {
        parameters: {
            query?: {
                unread_only?: string;
                order?: "newest" | "unread_first";
                offset?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Notification"][];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "notifications-unreadCount": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnreadCount"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "notifications-markRead": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    notification_ids: number[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarkReadResult"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "notificationSettings-get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationSettings"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "notificationSettings-update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The kinds to change, each with push, email or both; kinds left out keep their setting. */
                    settings: {
                        friend_request?: {
                            push?: boolean;
                            /** @enum {string} */
                            email?: "off" | "instant" | "daily";
                        };
                        group_invite?: {
                            push?: boolean;
                            /** @enum {string} */
                            email?: "off" | "instant" | "daily";
                        };
                        stack_for_me?: {
                            push?: boolean;
                            /** @enum {string} */
                            email?: "off" | "instant" | "daily";
                        };
                        answer_on_my_stack?: {
                            push?: boolean;
                            /** @enum {string} */
                            email?: "off" | "instant" | "daily";
                        };
                        comment_on_my_stack?: {
                            push?: boolean;
                            /** @enum {string} */
                            email?: "off" | "instant" | "daily";
                        };
                        report_outcome?: {
                            push?: boolean;
                            /** @enum {string} */
                            email?: "off" | "instant" | "daily";
                        };
                        release_notes?: {
                            push?: boolean;
                            /** @enum {string} */
                            email?: "off" | "instant" | "daily";
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationSettings"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "notificationSettings-unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The token at the end of the e-mail's unsubscribe link (/unsubscribe/{token}). */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsubscribeResult"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "groups-list": {
        parameters: {
            query?: {
                offset?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupSummary"][];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "groups-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default  */
                    description?: string;
                    /** @default true */
                    is_public?: boolean;
                    /**
                     * @description Only the owner may invite.
                     * @default false
                     */
                    is_restricted?: boolean;
                    /**
                     * @description Only the owner may create stacks.
                     * @default false
                     */
                    is_readonly?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateGroupResult"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "groups-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupDetail"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "groups-retire": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "groups-invite": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InviteResult"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "groups-join": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "groups-leave": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "groups-listBlocks": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupBlock"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "groups-block": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description If given, must equal the id in the path. */
                    group_id?: number;
                    user_id: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "groups-unblock": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "groups-setDescription": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SetDescriptionResult"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "groups-bots": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BotSummary"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "groups-agreement": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupAgreement"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "groups-mine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupSummary"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "groups-overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupsOverview"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "groups-listRequests": {
        parameters: {
            query?: {
                type?: "incoming" | "outgoing";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupRequest"][];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "groups-respond": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status: "ACCEPTED" | "REJECTED";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupRequestAnswer"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "stacks-list": {
        parameters: {
            query?: {
                offset?: number;
                limit?: number;
                filter_new?: string;
                filter_friends?: string;
                filter_no_bots?: string;
                order_by?: "updated_at" | "created_at";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StackListItem"][];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "stacks-hideNew": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description Only stacks I have not answered (as GET /v2/stacks).
                     * @default false
                     */
                    filter_new?: boolean;
                    /**
                     * @description Only friend stacks.
                     * @default false
                     */
                    filter_friends?: boolean;
                    /**
                     * @description Leave out bot stacks.
                     * @default false
                     */
                    filter_no_bots?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HideNewResult"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "stacks-hidden": {
        parameters: {
            query?: {
                offset?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HiddenStacks"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "stacks-unhide": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnhideResult"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "stacks-unhideBatch": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                batch_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnhideResult"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "stacks-clearUpdates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description Only stacks I have not answered (as GET /v2/stacks).
                     * @default false
                     */
                    filter_new?: boolean;
                    /**
                     * @description Only friend stacks.
                     * @default false
                     */
                    filter_friends?: boolean;
                    /**
                     * @description Leave out bot stacks.
                     * @default false
                     */
                    filter_no_bots?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CountResult"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "stacks-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string | null;
                    /** @enum {string} */
                    mode: "friend" | "group";
                    /** @description The friend (mode friend) or group (mode group). */
                    target_id: number;
                    positions: string[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdResult"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "stacks-get": {
        parameters: {
            query?: {
                mark_viewed?: string;
                comments_offset?: number;
                comments_limit?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Stack"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "stacks-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "stacks-consensus": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsensusDetail"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "stacks-complete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The six position indices (0-5), best first. */
                    position_ids: number[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "stacks-viewed": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "stacks-hide": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Admins: hide the stack for these group members (who have not answered). */
                    user_ids?: number[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "stacks-sandbox": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sandbox: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxResult"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "stacks-edit": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string | null;
                    positions: string[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "stacks-createComment": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdResult"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "stacks-updateComment": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                cid: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "stacks-deleteComment": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                cid: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "stacks-sandboxComment": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                cid: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default true */
                    sandbox?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxResult"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twistedStacks-list": {
        parameters: {
            query?: {
                offset?: number;
                limit?: number;
                filter_new?: string;
                filter_friends?: string;
                filter_no_bots?: string;
                order_by?: "updated_at" | "created_at";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StackListItem"][];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twistedStacks-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    stack_id: number;
                    twist_description: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdResult"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twistedStacks-get": {
        parameters: {
            query?: {
                mark_viewed?: string;
                comments_offset?: number;
                comments_limit?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TwistedStack"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twistedStacks-consensus": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsensusDetail"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twistedStacks-complete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The six position indices (0-5), best first. */
                    position_ids: number[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twistedStacks-viewed": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twistedStacks-hide": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twistedStacks-edit": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    twist_description: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twistedStacks-createComment": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdResult"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twistedStacks-updateComment": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                cid: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twistedStacks-deleteComment": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                cid: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twistedStacks-sandboxComment": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                cid: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default true */
                    sandbox?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxResult"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "bots-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BotSummary"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "bots-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default  */
                    bio?: string;
                    avatar_id: number;
                    /** @description The user the bot belongs to; its stacks are posted in their name. */
                    owner_id: number;
                    audience: {
                        /** @constant */
                        type: "user";
                        user_id: number;
                    } | {
                        /** @constant */
                        type: "group";
                        group_id: number;
                    };
                    /**
                     * @default [
                     *       0,
                     *       1,
                     *       2,
                     *       3,
                     *       4,
                     *       5,
                     *       6
                     *     ]
                     */
                    schedule?: number[];
                    /** @default [] */
                    tags?: string[];
                    /**
                     * @description builtin: the offline topic catalogue; openai: the OpenAI-compatible endpoint the server is configured with.
                     * @default builtin
                     * @enum {string}
                     */
                    generator?: "builtin" | "openai";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateBotResult"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "bots-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bot"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "bots-responses": {
        parameters: {
            query?: {
                offset?: number;
                limit?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BotRun"][];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "bots-addKeywords": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    keywords: string[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bot"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "bots-removeKeywords": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    keywords?: string[];
                    /** @description Also remove every DISABLED tag. */
                    purge?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bot"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "site-info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteInfo"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "reports-list": {
        parameters: {
            query?: {
                status?: "open" | "resolved" | "dismissed";
                offset?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Report"][];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "reports-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    target_type: "user" | "stack" | "comment" | "group";
                    /** @description The id of the user, stack (or twisted stack), comment or group. */
                    target_id: number;
                    /**
                     * @description Why: spam, harassment, hate, sexual content, violence or other.
                     * @enum {string}
                     */
                    reason: "spam" | "harassment" | "hate" | "sexual content" | "violence" | "other";
                    /**
                     * @description What the admins should know (at most 500 characters).
                     * @default
                     */
                    note?: string;
                };
            };
        };
        responses: {
            /** @description The report, as filed (201 Created). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Report"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "reports-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status: "open" | "resolved" | "dismissed";
                    /** @description Told to the reporter in the REPORT_RESOLVED notification (at most 500 characters). */
                    resolution_note?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Report"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "invites-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invite"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "invites-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invite"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "dataExport-mine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    /** @description attachment; filename="stacks-export-{username}-{YYYY-MM-DD}.json" */
                    "Content-Disposition": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataExport"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "push-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PushKey"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "push-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PushSubscription"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "push-subscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The push service URL of this browser profile (https:, on a public host). */
                    endpoint: string;
                    /** @description The subscription keys the message is encrypted to (RFC 8291). */
                    keys: {
                        /** @description The browser's 65-byte uncompressed P-256 public key, base64url. */
                        p256dh: string;
                        /** @description The browser's 16-byte authentication secret, base64url. */
                        auth: string;
                    };
                };
            };
        };
        responses: {
            /** @description The subscription (201 Created; again for an endpoint already subscribed). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PushSubscription"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "push-unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The endpoint of the subscription, as it was subscribed. */
                    endpoint: string;
                };
            };
        };
        responses: {
            /** @description Ended (204 No Content). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "push-test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued (202 Accepted): the pushes go out within seconds. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestPush"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "admin-listCodes": {
        parameters: {
            query?: {
                offset?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminCode"][];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "admin-createCode": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 1 */
                    uses?: number;
                    /**
                     * @description Days until it expires; null (the default): never.
                     * @default null
                     */
                    expires_days?: number | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminCode"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "admin-revokeCode": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminCode"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "admin-listUsers": {
        parameters: {
            query?: {
                q?: string;
                offset?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminUser"][];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "admin-getUser": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminUserDetail"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "admin-setRole": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    role: "USER" | "ADMIN";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminUser"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "admin-deactivateUser": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminUser"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "admin-listBots": {
        parameters: {
            query?: {
                offset?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminBot"][];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "admin-createBot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default  */
                    bio?: string;
                    avatar_id: number;
                    /** @description The user the bot belongs to; its stacks are posted in their name. */
                    owner_id: number;
                    audience: {
                        /** @constant */
                        type: "user";
                        user_id: number;
                    } | {
                        /** @constant */
                        type: "group";
                        group_id: number;
                    };
                    /**
                     * @default [
                     *       0,
                     *       1,
                     *       2,
                     *       3,
                     *       4,
                     *       5,
                     *       6
                     *     ]
                     */
                    schedule?: number[];
                    /** @default [] */
                    tags?: string[];
                    /**
                     * @description builtin: the offline topic catalogue; openai: the OpenAI-compatible endpoint the server is configured with.
                     * @default builtin
                     * @enum {string}
                     */
                    generator?: "builtin" | "openai";
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminBot"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "admin-updateBot": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    schedule?: number[];
                    /** @description Tags to add (ACTIVE). */
                    add_tags?: string[];
                    /** @description Tags to remove. */
                    remove_tags?: string[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminBot"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "admin-runBot": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Delete today's run record first, so the bot runs again today.
                     * @default false
                     */
                    force?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BotRun"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "admin-purgeBot": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminBot"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "admin-releaseNotes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    message: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseNotesResult"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "admin-audit": {
        parameters: {
            query?: {
                actor?: string;
                action?: "codes.create" | "codes.revoke" | "users.role" | "users.deactivate" | "users.second_factors_reset" | "bots.create" | "bots.update" | "bots.run" | "bots.purge" | "bots.tags.add" | "bots.tags.remove" | "release_notes.broadcast" | "reports.update" | "database.backup" | "database.restore";
                offset?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEntry"][];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "events-stream": {
        parameters: {
            query?: {
                /** @description The same as Last-Event-ID, for clients that cannot set headers. */
                last_event_id?: string;
            };
            header?: {
                /** @description The last cursor received: resume after it. */
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream; it stays open. Each message is one of the event schemas below. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": {
                        /** @description The cursor: opaque and increasing. Send it back as Last-Event-ID to resume. */
                        id: string;
                        /** @constant */
                        event: "stack.created";
                        data: components["schemas"]["LiveEvent_stack_created"];
                    } | {
                        /** @description The cursor: opaque and increasing. Send it back as Last-Event-ID to resume. */
                        id: string;
                        /** @constant */
                        event: "stack.updated";
                        data: components["schemas"]["LiveEvent_stack_updated"];
                    } | {
                        /** @description The cursor: opaque and increasing. Send it back as Last-Event-ID to resume. */
                        id: string;
                        /** @constant */
                        event: "stack.deleted";
                        data: components["schemas"]["LiveEvent_stack_deleted"];
                    } | {
                        /** @description The cursor: opaque and increasing. Send it back as Last-Event-ID to resume. */
                        id: string;
                        /** @constant */
                        event: "stack.hidden";
                        data: components["schemas"]["LiveEvent_stack_hidden"];
                    } | {
                        /** @description The cursor: opaque and increasing. Send it back as Last-Event-ID to resume. */
                        id: string;
                        /** @constant */
                        event: "stack.answered";
                        data: components["schemas"]["LiveEvent_stack_answered"];
                    } | {
                        /** @description The cursor: opaque and increasing. Send it back as Last-Event-ID to resume. */
                        id: string;
                        /** @constant */
                        event: "comment.created";
                        data: components["schemas"]["LiveEvent_comment_created"];
                    } | {
                        /** @description The cursor: opaque and increasing. Send it back as Last-Event-ID to resume. */
                        id: string;
                        /** @constant */
                        event: "comment.updated";
                        data: components["schemas"]["LiveEvent_comment_updated"];
                    } | {
                        /** @description The cursor: opaque and increasing. Send it back as Last-Event-ID to resume. */
                        id: string;
                        /** @constant */
                        event: "notification.created";
                        data: components["schemas"]["LiveEvent_notification_created"];
                    } | {
                        /** @description The cursor: opaque and increasing. Send it back as Last-Event-ID to resume. */
                        id: string;
                        /** @constant */
                        event: "group.member_joined";
                        data: components["schemas"]["LiveEvent_group_member_joined"];
                    } | {
                        /** @description The cursor: opaque and increasing. Send it back as Last-Event-ID to resume. */
                        id: string;
                        /** @constant */
                        event: "group.member_left";
                        data: components["schemas"]["LiveEvent_group_member_left"];
                    } | {
                        /** @description The cursor: opaque and increasing. Send it back as Last-Event-ID to resume. */
                        id: string;
                        /** @constant */
                        event: "feed.bulk_updated";
                        data: components["schemas"]["LiveEvent_feed_bulk_updated"];
                    } | {
                        /** @description The cursor: opaque and increasing. Send it back as Last-Event-ID to resume. */
                        id: string;
                        /** @constant */
                        event: "refetch";
                        data: components["schemas"]["LiveEvent_refetch"];
                    };
                };
            };
            /** @description No token, or an invalid or revoked one (code UNAUTHORIZED). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The user already holds the most streams allowed on this instance (code TOO_MANY_STREAMS), or opened too many lately (code TOO_MANY_REQUESTS). */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "stacks-shareImage": {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of a copy I hold: 304 when it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description The stack. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The picture. */
            200: {
                headers: {
                    /** @description Changes whenever the picture would. */
                    ETag?: string;
                    /** @description `private, no-cache`. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description Not modified: the copy named by If-None-Match is current. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The id is not a positive whole number (code VALIDATION_FAILED). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or an invalid or revoked one (code UNAUTHORIZED). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description I have not answered this stack yet (code NOT_ANSWERED). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such stack, or one I may not see (code STACK_NOT_FOUND). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description More than 40 new pictures of mine in a minute (code TOO_MANY_REQUESTS); retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Seconds until the minute ends. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Every render thread is busy and the render queue is full (code SERVICE_UNAVAILABLE), or the database is unavailable (code DATABASE_UNAVAILABLE); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twistedStacks-shareImage": {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of a copy I hold: 304 when it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description The twisted stack. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The picture. */
            200: {
                headers: {
                    /** @description Changes whenever the picture would. */
                    ETag?: string;
                    /** @description `private, no-cache`. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description Not modified: the copy named by If-None-Match is current. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The id is not a positive whole number (code VALIDATION_FAILED). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or an invalid or revoked one (code UNAUTHORIZED). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description I have not answered this twisted stack yet (code NOT_ANSWERED). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such twisted stack, or one I may not see (code STACK_NOT_FOUND). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description More than 40 new pictures of mine in a minute (code TOO_MANY_REQUESTS); retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Seconds until the minute ends. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Every render thread is busy and the render queue is full (code SERVICE_UNAVAILABLE), or the database is unavailable (code DATABASE_UNAVAILABLE); retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
