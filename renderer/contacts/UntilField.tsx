import { useId } from 'react'

/**
 * "Back to the bot at (optional)": when the conversation comes back to the bot by itself. The zone the time is read
 * in is said beside it; a mistake (not a time, a time passed) is shown under it, where the person is looking.
 */
export function UntilField({
  value,
  zone,
  problem,
  onChange,
}: {
  value: string
  zone: string
  problem: string | null
  onChange(value: string): void
}) {
  const hint = useId()
  const error = useId()
  return (
    <>
      <label>
        Back to the bot at (optional)
        <input
          type="datetime-local"
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${hint} ${error}` : hint}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
      <p id={hint} className="flow-meta">
        Time zone: {zone}. Empty: the conversation stays with a person until someone hands it back.
      </p>
      {problem && (
        <p id={error} className="field-problem" role="alert">
          {problem}
        </p>
      )}
    </>
  )
}
