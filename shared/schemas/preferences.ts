import { z } from 'zod';

/** Spec 1 §4: the theme values of Settings (System, Light, Dark); the client's local storage key `theme` holds the same. */
export const THEMES = ['system', 'light', 'dark'] as const;
export const Theme = z.enum(THEMES, { error: 'theme must be system, light or dark' }).meta({ id: 'Theme' });
export type Theme = z.infer<typeof Theme>;

/** How the onboarding tour ended: finished with Done, or left with Skip. */
export const TOUR_ENDINGS = ['completed', 'skipped'] as const;
export const TourEnding = z.enum(TOUR_ENDINGS, { error: 'tour.status must be completed or skipped' });

export const TourRecord = z
  .object({
    status: TourEnding,
    version: z.string().describe('The tour version that ended (ONBOARDING_VERSION, "1.1.0"): a newer tour starts again.'),
    at: z.string().describe('When it ended (ISO-8601, UTC).'),
  })
  .meta({ id: 'TourRecord' });
export type TourRecord = z.infer<typeof TourRecord>;

/** Preferences that follow the account from device to device (docs/preferences.md). */
export const Preferences = z
  .object({
    theme: Theme.nullable().describe('The theme chosen in Settings; null when never chosen (a device keeps its own, default dark).'),
    tour: TourRecord.nullable().describe("How the onboarding tour ended; null when it never ended, or after 'Show tour again'."),
  })
  .meta({ id: 'Preferences' });
export type Preferences = z.infer<typeof Preferences>;

export const PREFERENCES_MESSAGES = {
  empty: 'Give theme or tour (or both)',
} as const;

/**
 * PUT /v1/users/me/preferences: only the fields given change. `tour: {status}` records the
 * current tour as ended now; `tour: null` forgets it ('Show tour again').
 */
export const UpdatePreferencesInput = z
  .object({
    theme: Theme.optional(),
    tour: z.object({ status: TourEnding }).nullable().optional(),
  })
  .refine((input) => input.theme !== undefined || input.tour !== undefined, { message: PREFERENCES_MESSAGES.empty });
export type UpdatePreferencesInput = z.infer<typeof UpdatePreferencesInput>;
