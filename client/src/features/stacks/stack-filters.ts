/** The three feed filters of spec 2 §2.1, off by default and kept in local storage between visits. */
export interface StackFilters {
  new: boolean;
  friends: boolean;
  noBots: boolean;
}

export const DEFAULT_FILTERS: StackFilters = { new: false, friends: false, noBots: false };

const FILTERS_KEY = 'stackFilters';

export function loadFilters(): StackFilters {
  try {
    const raw = localStorage.getItem(FILTERS_KEY);
    if (!raw) return DEFAULT_FILTERS;
    const value = JSON.parse(raw) as Partial<StackFilters> | null;
    return {
      new: value?.new === true,
      friends: value?.friends === true,
      noBots: value?.noBots === true,
    };
  } catch {
    return DEFAULT_FILTERS;
  }
}

export function saveFilters(filters: StackFilters): void {
  try {
    localStorage.setItem(FILTERS_KEY, JSON.stringify(filters));
  } catch (error) {
    console.error('Failed to keep the stack filters', error);
  }
}

/** The empty-state text for the filters in force (spec 2 §2.1), the first filter on winning. */
export function emptyStateKind(filters: StackFilters): 'new' | 'friends' | 'noBots' | 'none' {
  if (filters.new) return 'new';
  if (filters.friends) return 'friends';
  if (filters.noBots) return 'noBots';
  return 'none';
}
