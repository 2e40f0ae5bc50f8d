import { afterEach, describe, expect, it } from 'vitest'
import { EMPTY_OVERLAY, sameOverlay, type CanvasOverlay } from './overlay'
import { shownOverlay, useOverlayStore } from './overlay-store'

// The canvas redraws (decorates every card, rebuilds its minimap) each time the overlay it selects changes identity
// (FlowCanvas: shownOverlay). A Step sets the overlay twice (the session, then the coverage refreshed after it) and the
// panel says it is visible each time: only a change of what is drawn may hand the canvas a new object.

const path = (current: string, ...ids: string[]): CanvasOverlay => ({
  ...EMPTY_OVERLAY,
  flowId: 'f',
  currentNodeId: current,
  pathNodeIds: ids,
  coveredPorts: ids.map((id) => `${id}\u0000out`),
})

afterEach(() => useOverlayStore.setState({ ...EMPTY_OVERLAY, overlay: EMPTY_OVERLAY, visible: false, keep: false }))

describe('the canvas overlay store', () => {
  it('notifies the canvas once per change of what it draws, not on an equal overlay or a repeated visible', () => {
    const seen: (CanvasOverlay | null)[] = []
    const stop = useOverlayStore.subscribe((s) => seen.push(shownOverlay(s, 'f')))
    const o = useOverlayStore.getState()
    o.setOverlay(path('a', 't'))
    o.setVisible(true)
    const drawn = shownOverlay(useOverlayStore.getState(), 'f')
    // The coverage refresh after a step: computed anew, equal.
    o.setOverlay(path('a', 't'))
    o.setVisible(true)
    o.toggleOpen()
    o.toggleOpen()
    expect(shownOverlay(useOverlayStore.getState(), 'f')).toBe(drawn)
    // The next step: current moves on.
    o.setOverlay(path('b', 't', 'a'))
    stop()
    const identities = new Set(seen.filter(Boolean))
    expect(identities.size).toBe(2)
    expect(shownOverlay(useOverlayStore.getState(), 'f')?.currentNodeId).toBe('b')
    // The flat fields others read (useFollowRun, kept coverage) follow the overlay.
    expect(useOverlayStore.getState().currentNodeId).toBe('b')
    expect(useOverlayStore.getState().flowId).toBe('f')
  })

  it('draws nothing for another flow, or once hidden without keep', () => {
    const o = useOverlayStore.getState()
    o.setOverlay(path('a', 't'))
    o.setVisible(true)
    expect(shownOverlay(useOverlayStore.getState(), 'g')).toBeNull()
    useOverlayStore.setState({ keep: false })
    o.setVisible(false)
    expect(shownOverlay(useOverlayStore.getState(), 'f')).toBeNull()
    useOverlayStore.setState({ keep: true })
    expect(shownOverlay(useOverlayStore.getState(), 'f')?.currentNodeId).toBe('a')
  })
})

describe('sameOverlay', () => {
  it('compares every list element by element, and the flow and current node', () => {
    expect(sameOverlay(path('a', 't', 'a'), path('a', 't', 'a'))).toBe(true)
    expect(sameOverlay(path('a', 't', 'a'), path('b', 't', 'a'))).toBe(false)
    expect(sameOverlay(path('a', 't', 'a'), path('a', 't'))).toBe(false)
    expect(sameOverlay(path('a', 't', 'a'), path('a', 'a', 't'))).toBe(false)
    expect(sameOverlay(path('a', 't'), { ...path('a', 't'), flowId: 'g' })).toBe(false)
    expect(sameOverlay(path('a', 't'), { ...path('a', 't'), uncoveredEdgeIds: ['e1'] })).toBe(false)
  })
})
