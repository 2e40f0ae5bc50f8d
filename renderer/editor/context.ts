import { createContext, useContext } from 'react'
import { useStore } from 'zustand'
import type { EditorActions, EditorState, EditorStore } from './store'

export const EditorContext = createContext<EditorStore | null>(null)

export function useEditorStore(): EditorStore {
  const store = useContext(EditorContext)
  if (!store) throw new Error('useEditor outside <EditorContext.Provider>')
  return store
}

export function useEditor<T>(selector: (s: EditorState & EditorActions) => T): T {
  return useStore(useEditorStore(), selector)
}
