import { useEffect } from 'react'
import { useReactFlow } from '@xyflow/react'
import { autoLayout, copySelection, cutSelection, duplicateSelection, pasteText, selectAll } from './actions'
import { useEditorStore } from './context'

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
  { keys: 'Ctrl+Shift+L', what: 'Auto-layout the selection, or the whole flow' },
  { keys: 'Ctrl+F', what: 'Search nodes' },
  { keys: 'Enter / Shift+Enter', what: 'Next / previous search result' },
  { keys: '?', what: 'Show this help' },
  { keys: 'Escape', what: 'Close the panel, search or help' },
]

const inTextField = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName))

export interface ShortcutHandlers {
  openSearch(): void
  toggleHelp(): void
  escape(): void
}

export function useShortcuts(h: ShortcutHandlers) {
  const store = useEditorStore()
  const rf = useReactFlow()
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
      else if (mod && key === 'd') duplicateSelection(store)
      else if (mod && key === 'a') selectAll(store)
      else if (mod && e.shiftKey && key === 'l') void autoLayout(store, rf)
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
      if (inTextField(e.target) || window.getSelection()?.toString()) return
      const clip = cutSelection(store)
      if (clip && e.clipboardData) {
        e.clipboardData.setData('text/plain', JSON.stringify(clip))
        e.preventDefault()
      }
    }
    const onPaste = (e: ClipboardEvent) => {
      if (inTextField(e.target)) return
      if (pasteText(store, e.clipboardData?.getData('text/plain') ?? null)) e.preventDefault()
    }
    window.addEventListener('keydown', onKey)
    document.addEventListener('copy', onCopy)
    document.addEventListener('cut', onCut)
    document.addEventListener('paste', onPaste)
    return () => {
      window.removeEventListener('keydown', onKey)
      document.removeEventListener('copy', onCopy)
      document.removeEventListener('cut', onCut)
      document.removeEventListener('paste', onPaste)
    }
  }, [store, rf, h])
}
