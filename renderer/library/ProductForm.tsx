import { useState } from 'react'
import type { CatalogProductRecord } from '../../shared/api/commands/catalog'
import { api } from '../api'
import { Problems } from './LibraryHeader'
import { problemsOf } from './problems'

export interface ProductDraft {
  catalogId: string
  id: string
  name: string
  description: string
  /** As typed: the back end decides whether it is a price. */
  price: string
  currency: string
  image: string
}

export const BLANK_PRODUCT: ProductDraft = {
  catalogId: '',
  id: '',
  name: '',
  description: '',
  price: '',
  currency: 'EUR',
  image: '',
}

export function draftOf(p: CatalogProductRecord): ProductDraft {
  return {
    catalogId: p.catalogId,
    id: p.id,
    name: p.name,
    description: p.description,
    price: String(p.price),
    currency: p.currency,
    image: p.image,
  }
}

const FIELDS: { key: keyof ProductDraft; label: string; placeholder?: string }[] = [
  { key: 'catalogId', label: 'Catalogue id', placeholder: 'main' },
  { key: 'id', label: 'Product id', placeholder: 'sku-123' },
  { key: 'name', label: 'Name' },
  { key: 'price', label: 'Price', placeholder: '12.50' },
  { key: 'currency', label: 'Currency', placeholder: 'EUR' },
  { key: 'image', label: 'Image URL', placeholder: 'https://…' },
]

/** Adds or edits one product; the catalogue id and product id are its key, so they are fixed once saved. */
export function ProductForm({
  initial,
  editing,
  onSaved,
  onCancel,
}: {
  initial: ProductDraft
  editing: boolean
  onSaved(): void
  onCancel(): void
}) {
  const [d, setD] = useState(initial)
  const [problems, setProblems] = useState<string[]>([])
  const [saving, setSaving] = useState(false)

  const save = async () => {
    setSaving(true)
    // An empty or non-numeric price goes as typed so the back end's own message names the problem.
    const price = d.price.trim() === '' || Number.isNaN(Number(d.price)) ? d.price : Number(d.price)
    const res = await api.call('catalog.save', { product: { ...d, price } })
    setSaving(false)
    if (!res.ok) return setProblems(problemsOf(res.error))
    setProblems([])
    onSaved()
  }

  return (
    <form
      className="library-form"
      aria-label={editing ? `Edit product ${initial.id}` : 'New product'}
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      {FIELDS.map((f) => (
        <label key={f.key}>
          {f.label}
          <input
            value={d[f.key]}
            placeholder={f.placeholder}
            // The first field the user can change takes focus, which also brings the form into view below a long list.
            autoFocus={f.key === (editing ? 'name' : 'catalogId')}
            inputMode={f.key === 'price' ? 'decimal' : undefined}
            readOnly={editing && (f.key === 'catalogId' || f.key === 'id')}
            onChange={(e) => setD({ ...d, [f.key]: e.target.value })}
          />
        </label>
      ))}
      <label>
        Description
        <textarea rows={3} value={d.description} onChange={(e) => setD({ ...d, description: e.target.value })} />
      </label>
      <Problems problems={problems} label="Product problems" />
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={saving}>
          Save product
        </button>
      </div>
    </form>
  )
}
