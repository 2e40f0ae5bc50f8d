import { useEffect, useRef } from 'react'
import { toggleBreakpoints } from '../editor/breakpoints'
import { useEditor, useEditorStore } from '../editor/context'
import { useOverlayStore } from '../emulator/overlay-store'
import { useRunFromStore } from '../emulator/run-from-store'
import { trafficStore, useTraffic } from '../traffic/store'

export interface NodeMenuAt {
  nodeId: string
  x: number
  y: number
}

/**
 * A card's menu (right click, or the context-menu key / Shift+F10 on a focused card): the breakpoint on it, and
 * "Run from here", which opens the emulator's debug tab set to run from this node, and with the Traffic overlay on,
 * "Set as goal" (the goal funnel's node). Arrow keys move between the
 * items, Escape closes it and gives the focus back to the card.
 */
export function NodeMenu({ at, onClose }: { at: NodeMenuAt; onClose(): void }) {
  const store = useEditorStore()
  const has = useEditor((s) => s.breakpoints.some((b) => b.at.kind === 'node' && b.at.nodeId === at.nodeId))
  const name = useEditor((s) => s.doc.nodes.find((n) => n.id === at.nodeId)?.name ?? '')
  const trafficOn = useTraffic((s) => s.on)
  const isGoal = useTraffic((s) => s.settings.goal === at.nodeId)
  const menu = useRef<HTMLDivElement>(null)
  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role=menuitem]')?.focus()
    const away = (e: PointerEvent) => {
      if (!menu.current?.contains(e.target as Node)) onClose()
    }
    document.addEventListener('pointerdown', away, true)
    return () => document.removeEventListener('pointerdown', away, true)
  }, [onClose])
  const close = () => {
    onClose()
    document.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(at.nodeId)}"]`)?.focus()
  }
  const items: [string, () => void][] = [
    [
      has ? 'Remove breakpoint' : 'Add breakpoint',
      () => toggleBreakpoints(store, [{ kind: 'node', nodeId: at.nodeId }]),
    ],
    [
      'Run from here',
      () => {
        if (!useOverlayStore.getState().open) useOverlayStore.getState().toggleOpen()
        useRunFromStore.getState().request(at.nodeId)
      },
    ],
    // With the Traffic overlay on: the funnel from the trigger to this node (renderer/traffic).
    ...(trafficOn
      ? [
          [
            isGoal ? 'Clear goal' : 'Set as goal',
            () => trafficStore.getState().change({ goal: isGoal ? null : at.nodeId }),
          ] as [string, () => void],
        ]
      : []),
  ]
  return (
    <div
      ref={menu}
      className="node-menu"
      role="menu"
      aria-label={`Actions for ${name}`}
      style={{ left: at.x, top: at.y }}
      onKeyDown={(e) => {
        const all = [...(menu.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])]
        const i = all.indexOf(document.activeElement as HTMLElement)
        if (e.key === 'Escape') close()
        else if (e.key === 'ArrowDown') all[(i + 1) % all.length]?.focus()
        else if (e.key === 'ArrowUp') all[(i - 1 + all.length) % all.length]?.focus()
        else return
        e.preventDefault()
        e.stopPropagation()
      }}
    >
      {items.map(([label, run]) => (
        <button
          key={label}
          type="button"
          role="menuitem"
          tabIndex={-1}
          onClick={() => {
            run()
            close()
          }}
        >
          {label}
          {label.endsWith('breakpoint') && <kbd>F9</kbd>}
        </button>
      ))}
    </div>
  )
}
