import type { ReactNode } from 'react'
import { ChevronDown, ChevronUp, X } from 'lucide-react'

interface Props<T> {
  label: string
  itemLabel: string
  items: T[]
  onChange(items: T[]): void
  makeItem(): T
  renderItem(item: T, index: number, itemName: string): ReactNode
  /** Items can be neither added, removed nor moved (a panel in another language: the list is shared by all). */
  locked?: boolean
}

/** A list of buttons, rows, rules, headers or fields: add at the end, remove, move up and down. */
export function ListEditor<T>({ label, itemLabel, items, onChange, makeItem, renderItem, locked }: Props<T>) {
  const move = (from: number, to: number) => {
    const next = items.slice()
    const [moved] = next.splice(from, 1)
    next.splice(to, 0, moved as T)
    onChange(next)
  }
  return (
    <div className="list-editor" role="group" aria-label={label}>
      <ol>
        {items.map((item, i) => {
          const name = `${itemLabel} ${i + 1}`
          return (
            <li key={i} className="list-item">
              <div className="list-item-body">{renderItem(item, i, name)}</div>
              {!locked && (
                <div className="list-item-actions">
                  <button
                    type="button"
                    aria-label={`Move ${name} up`}
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                  >
                    <ChevronUp size={12} aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    aria-label={`Move ${name} down`}
                    disabled={i === items.length - 1}
                    onClick={() => move(i, i + 1)}
                  >
                    <ChevronDown size={12} aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    aria-label={`Remove ${name}`}
                    onClick={() => onChange(items.filter((_, j) => j !== i))}
                  >
                    <X size={12} aria-hidden="true" />
                  </button>
                </div>
              )}
            </li>
          )
        })}
      </ol>
      {!locked && (
        <button type="button" className="list-add" onClick={() => onChange([...items, makeItem()])}>
          Add {itemLabel.toLowerCase()}
        </button>
      )}
    </div>
  )
}
