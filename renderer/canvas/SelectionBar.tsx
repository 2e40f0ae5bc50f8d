import { Panel } from '@xyflow/react'
import {
  AlignCenterHorizontal,
  AlignCenterVertical,
  AlignEndHorizontal,
  AlignEndVertical,
  AlignHorizontalDistributeCenter,
  AlignStartHorizontal,
  AlignStartVertical,
  AlignVerticalDistributeCenter,
  type LucideIcon,
} from 'lucide-react'
import { ALIGN_LABELS, type AlignMode } from '../editor/align'
import { useEditor, useEditorStore } from '../editor/context'

const BUTTONS: Array<[AlignMode, LucideIcon]> = [
  ['left', AlignStartVertical],
  ['center', AlignCenterVertical],
  ['right', AlignEndVertical],
  ['top', AlignStartHorizontal],
  ['middle', AlignCenterHorizontal],
  ['bottom', AlignEndHorizontal],
  ['distribute-horizontally', AlignHorizontalDistributeCenter],
  ['distribute-vertically', AlignVerticalDistributeCenter],
]

/** Over the canvas while two or more cards are selected (Shift+drag a box, or Ctrl+click): align and distribute. */
export function SelectionBar() {
  const store = useEditorStore()
  const count = useEditor((s) => s.selectedNodeIds.length)
  if (count < 2) return null
  return (
    <Panel position="top-center" className="selection-bar" role="toolbar" aria-label="Selected cards">
      <span className="selection-count">{count} cards</span>
      {BUTTONS.map(([mode, Icon]) => (
        <button
          key={mode}
          type="button"
          aria-label={ALIGN_LABELS[mode]}
          title={ALIGN_LABELS[mode]}
          disabled={mode.startsWith('distribute') && count < 3}
          onClick={() => store.getState().align(mode)}
        >
          <Icon size={16} aria-hidden="true" />
        </button>
      ))}
    </Panel>
  )
}
