import { useEffect, useMemo, useRef, useState } from 'react'
import { useReactFlow } from '@xyflow/react'
import { zoomToNode } from '../canvas/reveal'
import { useEditor, useEditorStore } from './context'
import { searchNodes } from './search'
import { ChevronDown, ChevronUp, X } from 'lucide-react'

/** Find nodes by name, text or variable used; Enter / Shift+Enter step through the matches and bring each into view. */
export function SearchBar({ onClose }: { onClose(): void }) {
  const store = useEditorStore()
  const doc = useEditor((s) => s.doc)
  const rf = useReactFlow()
  const [query, setQuery] = useState('')
  const [index, setIndex] = useState(0)
  const input = useRef<HTMLInputElement>(null)
  const matches = useMemo(() => searchNodes(doc, query), [doc, query])

  useEffect(() => input.current?.focus(), [])

  const go = (i: number) => {
    if (matches.length === 0) return
    const at = (i + matches.length) % matches.length
    setIndex(at)
    const id = matches[at]!
    const node = store.getState().doc.nodes.find((n) => n.id === id)
    store.getState().select([id])
    if (node) void zoomToNode(rf, node)
  }

  return (
    <div className="search-bar" role="search">
      <input
        ref={input}
        type="search"
        aria-label="Search nodes"
        placeholder="Name, text or variable"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value)
          setIndex(0)
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault()
            go(
              e.shiftKey
                ? index - 1
                : matches[index] && store.getState().selectedNodeIds[0] === matches[index]
                  ? index + 1
                  : index,
            )
          }
        }}
      />
      <span className="search-count" aria-live="polite">
        {query.trim()
          ? matches.length
            ? `${Math.min(index + 1, matches.length)} of ${matches.length}`
            : 'No match'
          : ''}
      </span>
      <button type="button" aria-label="Previous match" disabled={!matches.length} onClick={() => go(index - 1)}>
        <ChevronUp size={14} aria-hidden="true" />
      </button>
      <button
        type="button"
        aria-label="Next match"
        disabled={!matches.length}
        onClick={() => go(matches[index] && store.getState().selectedNodeIds[0] === matches[index] ? index + 1 : index)}
      >
        <ChevronDown size={14} aria-hidden="true" />
      </button>
      <button type="button" aria-label="Close search" onClick={onClose}>
        <X size={14} aria-hidden="true" />
      </button>
    </div>
  )
}
