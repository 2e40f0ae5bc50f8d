import { useEffect } from 'react'
import { useEditor, useEditorStore } from './context'

/** Short messages from the editor (a refused connection, what Undo undid), cleared after a few seconds. */
export function Notice() {
  const store = useEditorStore()
  const notice = useEditor((s) => s.notice)
  useEffect(() => {
    if (!notice) return
    const t = setTimeout(() => store.getState().setNotice(null), 4000)
    return () => clearTimeout(t)
  }, [notice, store])
  return (
    <div className="editor-notice" role="status" aria-label="Editor notice">
      {notice}
    </div>
  )
}
