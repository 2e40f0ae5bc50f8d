import { create } from 'zustand'

// Light or dark: the system's choice (prefers-color-scheme) unless the person picked one, which is kept. The
// resolved theme is written to <html data-theme> and color-scheme, and every colour in the styles is a variable
// of renderer/styles/theme.css, so switching repaints without re-rendering.

export type ThemeChoice = 'system' | 'light' | 'dark'
export type Theme = 'light' | 'dark'
export const THEME_KEY = 'chatflow.theme'

const query = () =>
  typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null

function storedChoice(): ThemeChoice {
  try {
    const v = localStorage.getItem(THEME_KEY)
    return v === 'light' || v === 'dark' ? v : 'system'
  } catch {
    return 'system'
  }
}

interface ThemeState {
  choice: ThemeChoice
  systemDark: boolean
  setChoice(choice: ThemeChoice): void
}

export const resolveTheme = (choice: ThemeChoice, systemDark: boolean): Theme =>
  choice === 'system' ? (systemDark ? 'dark' : 'light') : choice

export const useThemeStore = create<ThemeState>((set) => ({
  choice: storedChoice(),
  systemDark: query()?.matches ?? false,
  setChoice(choice) {
    try {
      if (choice === 'system') localStorage.removeItem(THEME_KEY)
      else localStorage.setItem(THEME_KEY, choice)
    } catch {
      // Not kept across restarts, still applied now.
    }
    set({ choice })
  },
}))

export const useTheme = (): Theme => useThemeStore((s) => resolveTheme(s.choice, s.systemDark))

function apply(theme: Theme) {
  document.documentElement.dataset.theme = theme
  document.documentElement.style.colorScheme = theme
}

/** Follows the system and applies the theme to the page; called once at start-up. */
export function startTheme(): void {
  const mq = query()
  mq?.addEventListener('change', (e) => useThemeStore.setState({ systemDark: e.matches }))
  const s = useThemeStore.getState()
  apply(resolveTheme(s.choice, s.systemDark))
  useThemeStore.subscribe((t) => apply(resolveTheme(t.choice, t.systemDark)))
}
