import type { PublishServer } from '../../shared/api/commands/publish'

/**
 * Where a screen acts: this studio, or one of the production servers (publish.servers.list) through its publish API.
 * The value is 'studio' or a server's id. The Broadcasts and Contacts screens share it.
 */
export function RunOnSelect({
  label,
  value,
  servers,
  onChange,
}: {
  label: string
  value: string
  servers: PublishServer[]
  onChange(key: string): void
}) {
  return (
    <label className="sort">
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="studio">This studio</option>
        {servers.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </label>
  )
}
