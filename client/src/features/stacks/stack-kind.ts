/** A detail's kind: a stack or a twisted stack (each has its own calls and texts). */
export type StackKind = 'stack' | 'twisted';
