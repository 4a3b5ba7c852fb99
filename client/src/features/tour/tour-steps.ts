/** The dashboard view a tour step switches to (spec 1 §4 "Tour"). */
export type TourView = 'users' | 'groups' | 'stacks' | 'settings';

/** Values of the `data-tour` attributes the dashboard puts on the elements the tour spotlights. */
export type TourTarget = 'tab-users' | 'tab-groups' | 'tab-stacks' | 'envelope' | 'settings';

export interface TourStep {
  id: string;
  title: string;
  body: string;
  /** The element to spotlight; null shows the card centred with no spotlight. */
  target: TourTarget | null;
  /** The view to open when the step is shown; null keeps the current one. */
  view: TourView | null;
}

/** Spec 1 §2 "Onboarding tour", in the spec's order (version 1.1.0, six steps). */
export const TOUR_STEPS: readonly TourStep[] = [
  {
    id: 'welcome',
    title: 'Welcome to Stacks!',
    body: 'Rank things from best to worst and see how your picks compare with your friends and groups. Here is a quick look around.',
    target: null,
    view: null,
  },
  {
    id: 'friends',
    title: 'Add friends',
    body: 'Find people in the Users tab. Open a profile and send a friend request; once it is accepted you can rank stacks together.',
    target: 'tab-users',
    view: 'users',
  },
  {
    id: 'groups',
    title: 'Join groups',
    body: 'The Groups tab is where you join groups or start your own, then rank stacks with everyone in them.',
    target: 'tab-groups',
    view: 'groups',
  },
  {
    id: 'stacks',
    title: 'Your stacks',
    body: 'Every stack you can access lives in the Stacks tab, from friends and from groups. Open one to rank its six positions.',
    target: 'tab-stacks',
    view: 'stacks',
  },
  {
    id: 'notifications',
    title: 'Notifications',
    body: 'The envelope holds your notifications. A red dot means a new friend or group request is waiting for you.',
    target: 'envelope',
    view: null,
  },
  {
    id: 'settings',
    title: 'Make it yours',
    body: 'In Settings you can write a short bio, choose an avatar and add your Telegram or Signal so friends can reach you.',
    target: 'settings',
    view: 'settings',
  },
];

/** The envelope step: moving on from it switches to settings first, then advances after a short delay. */
export const ENVELOPE_STEP_INDEX = TOUR_STEPS.findIndex((step) => step.id === 'notifications');
