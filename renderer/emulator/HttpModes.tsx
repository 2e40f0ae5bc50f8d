import type { HttpMode } from './mocks'

/** Per HTTP Call node: run it for real, answer from its sample, or make it fail. */
export function HttpModes({
  names,
  modes,
  onChange,
}: {
  names: string[]
  modes: Record<string, HttpMode>
  onChange(m: Record<string, HttpMode>): void
}) {
  if (!names.length) return null
  return (
    <fieldset className="emu-http" aria-label="HTTP calls">
      <legend>HTTP calls</legend>
      {names.map((name) => (
        <label key={name} className="emu-field">
          {name}
          <select
            aria-label={`HTTP mode of ${name}`}
            value={modes[name] ?? 'live'}
            onChange={(e) => onChange({ ...modes, [name]: e.target.value as HttpMode })}
          >
            <option value="live">Live request</option>
            <option value="sample">From the sample response</option>
            <option value="fail">Simulated failure</option>
          </select>
        </label>
      ))}
    </fieldset>
  )
}
