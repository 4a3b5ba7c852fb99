import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { applyTheme, storedTheme, useTheme } from '../../client/src/lib/theme';

function stubColorScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = { matches: dark, addEventListener: (_: string, l: () => void) => listeners.add(l), removeEventListener: (_: string, l: () => void) => listeners.delete(l) };
  vi.stubGlobal('matchMedia', vi.fn(() => media));
  return {
    change(next: boolean) {
      media.matches = next;
      listeners.forEach((l) => l());
    },
  };
}

describe('theme', () => {
  it('defaults to dark, and an invalid stored value falls back to dark', () => {
    expect(storedTheme()).toBe('dark');
    localStorage.setItem('theme', 'purple');
    expect(storedTheme()).toBe('dark');
  });

  it('applies data-theme and the dark class', () => {
    applyTheme('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    applyTheme('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });

  it('stores the choice, and "system" follows the OS preference live', () => {
    const os = stubColorScheme(false);
    const { result } = renderHook(() => useTheme());
    act(() => result.current[1]('system'));
    expect(localStorage.getItem('theme')).toBe('system');
    expect(document.documentElement.dataset.theme).toBe('light');
    act(() => os.change(true));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });
});
