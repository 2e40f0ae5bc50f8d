import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react'
import { useThemeStore, type ThemeChoice } from './theme'

const CHOICES: Array<[ThemeChoice, string, LucideIcon]> = [
  ['system', 'Follow the system', Monitor],
  ['light', 'Light', Sun],
  ['dark', 'Dark', Moon],
]

/** Light, dark, or whatever the system uses (the default). Kept across restarts. */
export function ThemeSwitch() {
  const choice = useThemeStore((s) => s.choice)
  const setChoice = useThemeStore((s) => s.setChoice)
  return (
    <div className="theme-switch" role="radiogroup" aria-label="Theme">
      {CHOICES.map(([value, label, Icon]) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={choice === value}
          aria-label={label}
          title={`Theme: ${label.toLowerCase()}`}
          onClick={() => setChoice(value)}
        >
          <Icon size={14} aria-hidden="true" />
        </button>
      ))}
    </div>
  )
}
