import { memo } from 'react'
import { Handle, useStoreApi, type HandleProps } from '@xyflow/react'
import type { CSSProperties } from 'react'

/**
 * A port handle that only occupies its place: the same element, classes and data attributes as React Flow's
 * Handle, so React Flow measures the same bounds and edges stay attached, but without Handle's subscription to
 * the connection state, which every handle of every card otherwise runs on every frame of a pan. Cards use it
 * when zoomed out, where handles are hidden and nobody starts a connection.
 */
export const StaticHandle = memo(function StaticHandle({
  nodeId,
  type,
  position,
  id,
  className,
  title,
  style,
  ...aria
}: HandleProps & { nodeId: string; style?: CSSProperties; title?: string }) {
  const rfId = useStoreApi().getState().rfId
  const handleId = id ?? null
  return (
    <div
      data-handleid={handleId}
      data-nodeid={nodeId}
      data-handlepos={position}
      data-id={`${rfId}-${nodeId}-${handleId}-${type}`}
      className={`react-flow__handle react-flow__handle-${position} nodrag nopan ${className ?? ''} ${type}`}
      title={title}
      style={style}
      aria-label={aria['aria-label']}
    />
  )
})

/** The handle a card draws in its zoom band: React Flow's own near, the static one far. */
export function PortHandle({
  still,
  nodeId,
  ...props
}: HandleProps & { nodeId: string; still: boolean; style?: CSSProperties; title?: string }) {
  return still ? <StaticHandle nodeId={nodeId} {...props} /> : <Handle {...props} />
}
