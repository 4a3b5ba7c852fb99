import { editWindowText } from '../../../../shared/limits';

/** The texts of spec 2 §2.3, §2.4 and §8 that differ between a stack and a twisted stack. */
export const STACK_ACTION_TEXTS = {
  stack: {
    title: 'Stack Actions',
    hideFailed: 'Failed to hide stack',
    hidden: 'This stack will be hidden from My Stacks.',
    sandboxed: 'The stack will be hidden from group members who have not answered it; those who answered still see it.',
    unsandboxed: 'New group members will see this stack again.',
    editWindow: `A stack can be edited within ${editWindowText()} of its creation, while nobody has responded.`,
    editFailed: 'Failed to edit stack',
    cannotEdit: 'Cannot Edit Stack',
  },
  twisted: {
    title: 'Actions',
    hideFailed: 'Failed to hide twisted stack',
    hidden: 'This twisted stack will be hidden from My Stacks.',
    sandboxed: 'The original stack will be hidden from group members who have not answered it; those who answered still see it.',
    unsandboxed: 'New group members will see the original stack again.',
    editWindow: `A twisted stack can be edited within ${editWindowText()} of its creation, while nobody has responded.`,
    editFailed: 'Failed to edit twisted stack',
    cannotEdit: 'Cannot Edit Twisted Stack',
  },
} as const;

export type StackActionTexts = (typeof STACK_ACTION_TEXTS)[keyof typeof STACK_ACTION_TEXTS];
