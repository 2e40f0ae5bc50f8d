import { useEffect, useState } from 'react'
import type { CustomerEvent } from '../../shared/api/commands/emulator'
import type { CatalogProductRecord } from '../../shared/api/commands/catalog'
import type { ListInteractive, ProductInteractive } from '../../shared/engine/types'
import { api } from '../api'
import { Minus, X } from 'lucide-react'

/** The list menu's bottom sheet: sections with their rows; picking a row sends it. */
export function ListSheet({
  message,
  onSend,
  onClose,
}: {
  message: ListInteractive
  onSend(e: CustomerEvent): void
  onClose(): void
}) {
  const action = message.action
  const [picked, setPicked] = useState<string | null>(null)
  const rows = action.sections.flatMap((s) => s.rows)
  const row = rows.find((r) => r.id === picked)
  return (
    <div className="phone-sheet" role="dialog" aria-label={action.button}>
      <header className="phone-sheet-head">
        <button type="button" onClick={onClose} aria-label="Close">
          <X size={14} aria-hidden="true" />
        </button>
        <strong>{action.button}</strong>
      </header>
      {action.sections.map((s, i) => (
        <section key={i}>
          {s.title && <h4 className="phone-sheet-section">{s.title}</h4>}
          {s.rows.map((r) => (
            <label key={r.id} className="phone-sheet-row">
              <span>
                <span className="chat-row-title">{r.title}</span>
                {r.description && <span className="chat-footer">{r.description}</span>}
              </span>
              <input
                type="radio"
                name="row"
                value={r.id}
                checked={picked === r.id}
                onChange={() => setPicked(r.id)}
                aria-label={r.title}
              />
            </label>
          ))}
        </section>
      ))}
      <button
        type="button"
        className="phone-sheet-send"
        disabled={!row}
        onClick={() => {
          if (!row) return
          onSend({
            type: 'list_reply',
            reply: { id: row.id, title: row.title, ...(row.description ? { description: row.description } : {}) },
          })
          onClose()
        }}
      >
        Send
      </button>
    </div>
  )
}

interface CartLine {
  quantity: number
  price: number
}

/**
 * Products of an SPM or MPM with a cart. The message carries only product ids: names, prices and the currency come
 * from the studio's product catalogue when it holds them, and stay editable so a tester can try any order. The order
 * sent is the channel's order shape (catalog_id, text, product_items).
 */
export function ProductSheet({
  message,
  onSend,
  onClose,
}: {
  message: ProductInteractive
  onSend(e: CustomerEvent): void
  onClose(): void
}) {
  const i = message
  const sections: Array<{ title?: string; ids: string[] }> =
    i.type === 'product'
      ? [{ ids: [i.action.product_retailer_id] }]
      : i.action.sections.map((s) => ({ title: s.title, ids: s.product_items.map((p) => p.product_retailer_id) }))
  const [cart, setCart] = useState<Record<string, CartLine>>({})
  const [currency, setCurrency] = useState('USD')
  const [note, setNote] = useState('')
  const [known, setKnown] = useState<Record<string, CatalogProductRecord>>({})
  const [catalogError, setCatalogError] = useState<string | null>(null)
  const catalogId = i.action.catalog_id
  useEffect(() => {
    if (!catalogId) return
    let live = true
    void api.call('catalog.list', { catalogId }).then((r) => {
      if (!live) return
      // Without the catalogue the sheet still works with typed prices; it says why names and prices are missing.
      if (!r.ok) return setCatalogError(`The catalogue could not be read, so prices start at 0: ${r.error.message}`)
      const byId = Object.fromEntries(r.value.products.map((p) => [p.id, p]))
      setKnown(byId)
      const first = r.value.products[0]
      if (first) setCurrency(first.currency)
      // Prices the tester has not typed yet come from the catalogue.
      setCart((c) => {
        const next = { ...c }
        for (const p of r.value.products) if (!next[p.id]) next[p.id] = { quantity: 0, price: p.price }
        return next
      })
    })
    return () => {
      live = false
    }
  }, [catalogId])
  const change = (id: string, d: number) =>
    setCart((c) => {
      const line = c[id] ?? { quantity: 0, price: 0 }
      return { ...c, [id]: { ...line, quantity: Math.max(0, line.quantity + d) } }
    })
  const lines = Object.entries(cart).filter(([, l]) => l.quantity > 0)
  return (
    <div className="phone-sheet" role="dialog" aria-label="Products">
      <header className="phone-sheet-head">
        <button type="button" onClick={onClose} aria-label="Close">
          <X size={14} aria-hidden="true" />
        </button>
        <strong>{i.type === 'product_list' ? i.header.text : 'Catalogue'}</strong>
      </header>
      {catalogError && (
        <p className="phone-sheet-row" role="alert">
          {catalogError}
        </p>
      )}
      {sections.map((s, n) => (
        <section key={n}>
          {s.title && <h4 className="phone-sheet-section">{s.title}</h4>}
          {s.ids.map((id) => (
            <div key={id} className="phone-sheet-row" data-testid="product-row">
              <span>
                <span className="chat-row-title">{id}</span>
                {known[id] && <span className="chat-footer">{known[id].name}</span>}
              </span>
              <input
                type="number"
                min={0}
                step="0.01"
                aria-label={`Price of ${id}`}
                value={cart[id]?.price ?? 0}
                onChange={(e) =>
                  setCart((c) => ({ ...c, [id]: { quantity: c[id]?.quantity ?? 0, price: Number(e.target.value) } }))
                }
              />
              <button type="button" aria-label={`Remove one ${id}`} onClick={() => change(id, -1)}>
                <Minus size={12} aria-hidden="true" />
              </button>
              <span aria-label={`Quantity of ${id}`}>{cart[id]?.quantity ?? 0}</span>
              <button type="button" aria-label={`Add one ${id}`} onClick={() => change(id, 1)}>
                +
              </button>
            </div>
          ))}
        </section>
      ))}
      <label className="phone-sheet-row">
        Currency{' '}
        <input
          value={currency}
          onChange={(e) => setCurrency(e.target.value.toUpperCase())}
          aria-label="Currency"
          size={4}
        />
      </label>
      <label className="phone-sheet-row">
        Note{' '}
        <input
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-label="Order note"
          placeholder="Optional message with the order"
        />
      </label>
      <button
        type="button"
        className="phone-sheet-send"
        disabled={!lines.length}
        onClick={() => {
          onSend({
            type: 'order',
            order: {
              catalog_id: catalogId,
              ...(note.trim() ? { text: note.trim() } : {}),
              product_items: lines.map(([id, l]) => ({
                product_retailer_id: id,
                quantity: l.quantity,
                item_price: l.price,
                currency,
              })),
            },
          })
          onClose()
        }}
      >
        Send order ({lines.reduce((s, [, l]) => s + l.quantity, 0)})
      </button>
    </div>
  )
}
