import { useEffect, useRef, useState } from 'react'
import type { Skip } from '../../shared/api/commands/emulator-clock'
import { formatDue, formatSpan } from '../time/due'
import { FastForward } from 'lucide-react'

// "Skip ahead": the emulator's clock (docs/emulator.md, "The clock"). Instead of waiting, the tester moves the
// test contact's time on: to the moment the run falls due, by a preset, or by an amount they type. 24 hours closes
// the customer's messaging window, so a run waiting for the customer expires (what "+24 h" did).

const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR
const PRESETS: Array<[string, number]> = [
  ['5 min', 5 * MIN],
  ['30 min', 30 * MIN],
  ['1 h', HOUR],
  ['2 h', 2 * HOUR],
  ['24 h', DAY],
]
const UNITS: Array<[string, number]> = [
  ['minutes', MIN],
  ['hours', HOUR],
  ['days', DAY],
]

interface Props {
  /** When the contact's paused run falls due on the emulator's clock, or null. */
  wakeAt: number | null
  /** The emulator's time now (real time plus the skips). */
  now: number
  timeZone?: string
  disabled: boolean
  onSkip(to: Skip): void
}

export function SkipAhead({ wakeAt, now, timeZone, disabled, onSkip }: Props) {
  const [open, setOpen] = useState(false)
  const [amount, setAmount] = useState('3')
  const [unit, setUnit] = useState(HOUR)
  const panel = useRef<HTMLDivElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus()
  }, [open])
  const skip = (to: Skip) => {
    setOpen(false)
    toggle.current?.focus()
    onSkip(to)
  }
  const n = Number(amount)
  const customMs = Number.isFinite(n) && n > 0 ? Math.round(n * unit) : 0
  const customValid = customMs >= 1000 && customMs <= 366 * DAY
  return (
    <div className="emu-skip">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls="emu-skip-panel"
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
        title="Move the emulator's clock on instead of waiting"
      >
        <FastForward size={14} aria-hidden="true" /> Skip ahead
      </button>
      {open && (
        <div
          id="emu-skip-panel"
          ref={panel}
          className="emu-skip-panel"
          role="group"
          aria-label="Skip ahead"
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return
            e.stopPropagation()
            setOpen(false)
            toggle.current?.focus()
          }}
        >
          <button type="button" disabled={wakeAt === null} onClick={() => skip({ kind: 'due' })}>
            {wakeAt === null
              ? 'To the due time (nothing waits on time)'
              : `To the due time: ${formatDue(wakeAt, { now, timeZone })} (${formatSpan(Math.max(0, wakeAt - now))})`}
          </button>
          <div className="emu-skip-presets" role="group" aria-label="Skip by">
            {PRESETS.map(([label, ms]) => (
              <button
                key={label}
                type="button"
                aria-label={`Skip ${label}${ms === DAY ? ' (closes the 24-hour window)' : ''}`}
                onClick={() => skip({ kind: 'by', ms })}
              >
                +{label}
              </button>
            ))}
          </div>
          <form
            className="emu-skip-custom"
            onSubmit={(e) => {
              e.preventDefault()
              if (customValid) skip({ kind: 'by', ms: customMs })
            }}
          >
            <label>
              Amount
              <input
                type="number"
                min="0"
                step="any"
                inputMode="decimal"
                value={amount}
                aria-invalid={!customValid}
                onChange={(e) => setAmount(e.target.value)}
              />
            </label>
            <label>
              Unit
              <select value={unit} onChange={(e) => setUnit(Number(e.target.value))}>
                {UNITS.map(([label, ms]) => (
                  <option key={label} value={ms}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" disabled={!customValid}>
              Skip
            </button>
          </form>
          {!customValid && <p className="emu-hint">Pick between a second and a year.</p>}
        </div>
      )}
    </div>
  )
}
