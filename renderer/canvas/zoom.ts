import { createContext } from 'react'
import type { ReactFlowState } from '@xyflow/react'

// Levels of detail. Zoomed far out a card's text is unreadable and its borders, rounded corners and handles cost
// more to paint than they tell (the canvas benchmark's profile, docs/canvas.md): cards become flat blocks with their
// name drawn large, and then plain blocks. One class on the canvas switches every card at once, so a pan or zoom
// that stays within a band re-renders no card.

export type ZoomBand = 'near' | 'far' | 'tiny'

export const FAR_BELOW = 0.35
export const TINY_BELOW = 0.18

export const zoomBand = (zoom: number): ZoomBand => (zoom < TINY_BELOW ? 'tiny' : zoom < FAR_BELOW ? 'far' : 'near')

export const selectZoomBand = (s: ReactFlowState): ZoomBand => zoomBand(s.transform[2])

/** The band, for the cards: a context changes only when the band does, so a pan within a band touches no card. */
export const ZoomBandContext = createContext<ZoomBand>('near')
