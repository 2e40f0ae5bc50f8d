import { useEffect } from 'react'

/** True when a key press belongs to the focused control, so single-key shortcuts must not fire. */
export function isTyping(target: EventTarget | null, key: string): boolean {
  const el = target as HTMLElement | null
  if (!el || !el.tagName) return false
  if (el.isContentEditable || el.tagName === 'TEXTAREA') return true
  // A select jumps to options by letter; other keys (like '/') may still act as shortcuts.
  if (el.tagName === 'SELECT') return /^[\p{L}\p{N}]$/u.test(key)
  if (el.tagName !== 'INPUT') return false
  const type = (el as HTMLInputElement).type
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color'].includes(type)
}

/** Single-key shortcuts for a screen, ignored while typing or with a modifier held. */
export function useShortcuts(map: Record<string, () => void>, enabled = true): void {
  useEffect(() => {
    if (!enabled) return
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target, e.key)) return
      const action = map[e.key]
      if (!action) return
      e.preventDefault()
      action()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [map, enabled])
}
