/**
 * The one-time stack copy prefill of spec 1 §3: {name, positions, friendId} in local storage.
 * Whoever copies a stack saves it; the next New Friend/Group Stack dialog that opens reads it and
 * drops it, so it fills one form only.
 */
export interface StackPrefill {
  name: string;
  positions: string[];
  friendId: number | null;
}

const PREFILL_KEY = 'stackPrefill';

export function saveStackPrefill(prefill: StackPrefill): void {
  try {
    localStorage.setItem(PREFILL_KEY, JSON.stringify(prefill));
  } catch (error) {
    // A full or disabled storage only costs the copy its prefill.
    console.error('Failed to store the stack prefill', error);
  }
}

/** The stored prefill, left in place (see `consumeStackPrefill`); null when absent or unreadable. */
export function peekStackPrefill(): StackPrefill | null {
  try {
    const raw = localStorage.getItem(PREFILL_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StackPrefill> | null;
    if (!value || typeof value !== 'object') return null;
    return {
      name: typeof value.name === 'string' ? value.name : '',
      positions: Array.isArray(value.positions) ? value.positions.map((p) => (typeof p === 'string' ? p : '')) : [],
      friendId: typeof value.friendId === 'number' ? value.friendId : null,
    };
  } catch {
    return null;
  }
}

export function clearStackPrefill(): void {
  try {
    localStorage.removeItem(PREFILL_KEY);
  } catch {
    // Nothing stored, nothing to clear.
    return;
  }
}

/** Reads the prefill and removes it: the next call answers null. */
export function consumeStackPrefill(): StackPrefill | null {
  const prefill = peekStackPrefill();
  clearStackPrefill();
  return prefill;
}
