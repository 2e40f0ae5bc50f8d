import { useEffect, useRef } from 'react'
import type { ChangeItem } from './change-items'

// The comparison's changes in flow order, as a listbox: ArrowUp/ArrowDown (Home/End) move to a change and centre it
// on the canvas, Enter goes to the next one (wrapping), a click picks one. A rename's rewritten references are a
// group under it and are walked like any row.

/** The rows in the order the keys walk them: each rename followed by the nodes it rewrote. */
export const walkOrder = (items: readonly ChangeItem[]): ChangeItem[] => items.flatMap((i) => [i, ...i.rewritten])

const optionId = (id: string) => `change-${id.replace(/[^\w-]/g, '_')}`

export function ChangeList({
  items,
  selected,
  onPick,
}: {
  items: readonly ChangeItem[]
  selected: string | null
  onPick(item: ChangeItem): void
}) {
  const order = walkOrder(items)
  const at = order.findIndex((i) => i.id === selected)
  const list = useRef<HTMLDivElement>(null)

  // Only when the chosen change changes: a re-render (the draft edited, tests progressing) leaves the list's scroll.
  useEffect(() => {
    if (selected) list.current?.querySelector(`#${optionId(selected)}`)?.scrollIntoView({ block: 'nearest' })
  }, [selected])

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (!order.length) return
    const last = order.length - 1
    const to =
      e.key === 'ArrowDown'
        ? Math.min(at + 1, last)
        : e.key === 'ArrowUp'
          ? Math.max(at - 1, 0)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : e.key === 'Enter'
                ? (at + 1) % order.length
                : null
    if (to === null) return
    e.preventDefault()
    onPick(order[to]!)
  }

  const option = (item: ChangeItem, nested = false) => (
    <div
      key={item.id}
      id={optionId(item.id)}
      role="option"
      aria-selected={item.id === selected}
      className={`change-row change-${item.status}${nested ? ' nested' : ''}`}
      onClick={() => onPick(item)}
    >
      <span className="change-title">{item.title}</span>
      {item.detail && <span className="change-detail">{item.detail}</span>}
    </div>
  )

  if (!items.length) return <p role="status">No changes: both sides are the same.</p>
  return (
    <div
      ref={list}
      role="listbox"
      aria-label="Changes"
      tabIndex={0}
      className="change-list"
      aria-activedescendant={at >= 0 ? optionId(order[at]!.id) : undefined}
      onKeyDown={onKeyDown}
    >
      {items.map((item) =>
        item.rewritten.length ? (
          <div key={item.id} role="group" aria-label={`${item.title} and the references it rewrote`}>
            {option(item)}
            {item.rewritten.map((r) => option(r, true))}
          </div>
        ) : (
          option(item)
        ),
      )}
    </div>
  )
}
