import { useEffect } from 'react'
import { useReactFlow, useStoreApi } from '@xyflow/react'
import { keepInView } from '../canvas/reveal'
import { autoLayout, copySelection, cutSelection, duplicateSelection, pasteText, selectAll } from './actions'
import { useEditorStore } from './context'
import { nextNode, type Direction } from './navigate'
import { useCompareStore } from '../compare/compare-store'
import { toggleBreakpoints } from './breakpoints'

/** The editor's keyboard shortcuts; the help overlay lists exactly these. Delete and Backspace are React Flow's. */
export const SHORTCUTS: { keys: string; what: string }[] = [
  { keys: 'Ctrl+Z', what: 'Undo' },
  { keys: 'Ctrl+Shift+Z / Ctrl+Y', what: 'Redo' },
  { keys: 'Ctrl+C / Ctrl+X / Ctrl+V', what: 'Copy, cut, paste nodes (also between flows)' },
  { keys: 'Ctrl+D', what: 'Duplicate the selection' },
  { keys: 'Ctrl+A', what: 'Select everything' },
  { keys: 'Delete / Backspace', what: 'Delete the selection' },
  { keys: 'Shift+drag', what: 'Select with a box' },
  { keys: 'Ctrl+click', what: 'Add to or remove from the selection' },
  { keys: 'Alt+Arrow keys', what: 'Go to the nearest card in that direction' },
  { keys: 'Enter', what: "Open the selected card's settings" },
  { keys: 'Arrow keys', what: 'Move the focused card (Shift: further)' },
  { keys: 'Ctrl+Shift+L', what: 'Auto-layout the selection, or the whole flow' },
  { keys: 'F9', what: 'Add or remove a breakpoint on the selected cards and connections' },
  { keys: 'Shift+F10 / Menu', what: "Open the focused card's menu (breakpoint, Run from here, Set as goal)" },
  { keys: 'Alt+Shift+T', what: 'Traffic on the canvas on or off' },
  { keys: 'F8 / F10 / Shift+F8', what: 'Debugger, while a run is paused: Continue / Step / Stop' },
  { keys: 'Alt+Shift+Arrow keys', what: 'Align the selected cards to that side' },
  { keys: 'Ctrl+F', what: 'Search nodes' },
  { keys: 'Enter / Shift+Enter', what: 'Next / previous search result' },
  { keys: '?', what: 'Show this help' },
  { keys: 'Escape', what: 'Close the panel, search or help' },
]

/** Comparing, the canvas is read-only: the keys that edit it wait (Undo and Redo stay, to take back a restore). */
const comparing = () => useCompareStore.getState().flowId !== null

const inTextField = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName))

/** Keys meant for the canvas: pressed on a card, the canvas, or nowhere in particular (not in a panel's button). */
const onCanvas = (t: EventTarget | null) =>
  t === document.body || (t instanceof Element && t.closest('.react-flow') !== null)

export interface ShortcutHandlers {
  openSearch(): void
  toggleHelp(): void
  escape(): void
}

const ARROWS: Record<string, Direction> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' }
const ALIGN_BY_ARROW = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'top', ArrowDown: 'bottom' } as const

export function useShortcuts(h: ShortcutHandlers) {
  const store = useEditorStore()
  const rf = useReactFlow()
  const rfStore = useStoreApi()
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey
      const key = e.key.toLowerCase()
      if (mod && key === 'f') {
        e.preventDefault()
        h.openSearch()
        return
      }
      if (key === 'escape') return h.escape()
      if (inTextField(e.target)) return
      const s = store.getState()
      let handled = true
      if (mod && key === 'z' && !e.shiftKey) s.undo()
      else if (mod && (key === 'y' || (key === 'z' && e.shiftKey))) s.redo()
      else if (mod && key === 'd' && !comparing()) duplicateSelection(store)
      else if (mod && key === 'a') selectAll(store)
      else if (mod && e.shiftKey && key === 'l' && !comparing()) void autoLayout(store, rf)
      else if (e.key === 'Enter' && !mod && onCanvas(e.target) && s.selectedNodeIds.length === 1)
        s.openPanel(s.selectedNodeIds[0]!)
      else if (e.key === 'F9' && !mod && !comparing()) toggleBreakpoints(store)
      else if (e.key === '?') h.toggleHelp()
      else handled = false
      if (handled) e.preventDefault()
    }
    // Copy and paste ride the clipboard events: they need no permission and reach other windows and flows.
    const onCopy = (e: ClipboardEvent) => {
      if (inTextField(e.target) || window.getSelection()?.toString()) return
      const clip = copySelection(store)
      if (clip && e.clipboardData) {
        e.clipboardData.setData('text/plain', JSON.stringify(clip))
        e.preventDefault()
      }
    }
    const onCut = (e: ClipboardEvent) => {
      if (inTextField(e.target) || window.getSelection()?.toString() || comparing()) return
      const clip = cutSelection(store)
      if (clip && e.clipboardData) {
        e.clipboardData.setData('text/plain', JSON.stringify(clip))
        e.preventDefault()
      }
    }
    const onPaste = (e: ClipboardEvent) => {
      if (inTextField(e.target) || comparing()) return
      if (pasteText(store, e.clipboardData?.getData('text/plain') ?? null)) e.preventDefault()
    }
    // The card chosen from the keyboard is selected, kept in view and focused, so arrow keys then move it.
    // Focus moves at once when the card is drawn: a key pressed next (Enter) goes to the card that was left
    // otherwise, and React Flow selects the card its key lands on. A card not drawn yet gets focus next frame.
    const goTo = (id: string | null) => {
      const node = id ? store.getState().doc.nodes.find((n) => n.id === id) : undefined
      if (!node) return
      store.getState().select([node.id])
      const { width, height } = rfStore.getState()
      keepInView(rf, node, { width, height })
      const focusCard = () => {
        const el = document.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(node.id)}"]`)
        el?.focus({ preventScroll: true })
        return el !== null
      }
      if (!focusCard()) requestAnimationFrame(focusCard)
    }
    // Alt+arrows are taken before React Flow sees them: a focused card would otherwise also move by the arrow.
    const onArrow = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey || !(e.key in ARROWS) || !onCanvas(e.target)) return
      e.preventDefault()
      e.stopPropagation()
      const s = store.getState()
      if (e.shiftKey) {
        if (!comparing()) s.align(ALIGN_BY_ARROW[e.key as keyof typeof ALIGN_BY_ARROW])
      } else goTo(nextNode(s.doc, s.selectedNodeIds.at(-1) ?? null, ARROWS[e.key]!))
    }
    window.addEventListener('keydown', onArrow, true)
    window.addEventListener('keydown', onKey)
    document.addEventListener('copy', onCopy)
    document.addEventListener('cut', onCut)
    document.addEventListener('paste', onPaste)
    return () => {
      window.removeEventListener('keydown', onArrow, true)
      window.removeEventListener('keydown', onKey)
      document.removeEventListener('copy', onCopy)
      document.removeEventListener('cut', onCut)
      document.removeEventListener('paste', onPaste)
    }
  }, [store, rf, rfStore, h])
}
