import { useState } from 'react'
import type { CatalogProductRecord } from '../../shared/api/commands/catalog'
import { api } from '../api'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { LibraryHeader, Problems } from './LibraryHeader'
import { useLibraryList } from './useLibraryList'
import { BLANK_PRODUCT, draftOf, ProductForm, type ProductDraft } from './ProductForm'

const keyOf = (p: { catalogId: string; id: string }) => `${p.catalogId}/${p.id}`

const listProducts = async () => {
  const res = await api.call('catalog.list', {})
  return res.ok ? { ok: true as const, value: res.value.products } : res
}

/** The local product catalogue the Single and Multi Product Message nodes send from: add, edit, delete. */
export function CatalogScreen() {
  const { items: products, errors: error, reload: load, run } = useLibraryList(listProducts)
  const [editing, setEditing] = useState<{ draft: ProductDraft; existing: boolean } | null>(null)
  const [confirming, setConfirming] = useState<CatalogProductRecord | null>(null)

  const remove = async (p: CatalogProductRecord) => {
    setConfirming(null)
    if (!(await run(api.call('catalog.delete', { catalogId: p.catalogId, id: p.id })))) return
    if (editing?.existing && keyOf(editing.draft) === keyOf(p)) setEditing(null)
  }

  return (
    <main className="flows-screen library-screen" aria-labelledby="catalog-title">
      <LibraryHeader title="Product catalogue" id="catalog-title" />
      <Problems problems={error} label="Catalogue error" />
      <div className="library-toolbar">
        <button type="button" className="primary" onClick={() => setEditing({ draft: BLANK_PRODUCT, existing: false })}>
          Add product
        </button>
      </div>
      {products === null ? (
        <p className="loading" aria-busy="true">
          Loading products…
        </p>
      ) : products.length === 0 ? (
        <p className="empty">
          No products yet. Product messages send from this catalogue; add the first with “Add product”.
        </p>
      ) : (
        <ul className="flow-list" aria-label="Products">
          {products.map((p) => (
            <li key={keyOf(p)} className="flow-row library-row" aria-label={`${p.name} (${keyOf(p)})`}>
              {p.image && <img className="library-thumb" src={p.image} alt="" />}
              <div className="flow-main">
                <span className="flow-name">{p.name}</span>
                <span className="flow-meta">
                  {keyOf(p)} · {p.price} {p.currency}
                  {p.description && ` · ${p.description.slice(0, 80)}`}
                </span>
              </div>
              <div className="flow-actions">
                <button
                  type="button"
                  aria-label={`Edit ${p.name}`}
                  onClick={() => setEditing({ draft: draftOf(p), existing: true })}
                >
                  Edit
                </button>
                <button type="button" aria-label={`Delete ${p.name}`} onClick={() => setConfirming(p)}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <ProductForm
          key={editing.existing ? keyOf(editing.draft) : 'new'}
          initial={editing.draft}
          editing={editing.existing}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            void load()
          }}
        />
      )}
      {confirming && (
        <ConfirmDialog
          title={`Delete “${confirming.name}”?`}
          body={`Product messages that name ${keyOf(confirming)} will no longer find it.`}
          confirmLabel="Delete product"
          danger
          onConfirm={() => void remove(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </main>
  )
}
