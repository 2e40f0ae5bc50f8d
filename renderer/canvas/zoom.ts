import { createContext } from 'react'
import type { ReactFlowState } from '@xyflow/react'

// Levels of detail. A card's full text is readable only close up; below that it switches to a compact form (icon,
// name and port labels, drawn larger so they stay readable) instead of shrinking its text. Further out a card's
// borders, rounded corners and handles cost more to paint than they tell (the canvas benchmark's profile,
// docs/canvas.md): cards become flat blocks with their name drawn large, and then plain blocks. One class on the
// canvas switches every card at once, so a pan or zoom that stays within a band re-renders no card.

export type ZoomBand = 'near' | 'compact' | 'far' | 'tiny'

/** The smallest text a full card draws, in CSS px (the type label, canvas.css `.flow-card-type`). */
export const CARD_MIN_FONT_PX = 11
/** The smallest text a person reads comfortably on screen (issue 41: 10 px). */
export const READABLE_PX = 10
/** The lowest zoom at which every text of a full card is READABLE_PX on screen, rounded up to a hundredth. */
export const READABLE_ZOOM = Math.ceil((READABLE_PX / CARD_MIN_FONT_PX) * 100) / 100
/** Whether a zoom draws full cards readably. d3-zoom's transforms (an animated setCenter, a scale kept by a pan) end
 *  a hair off the zoom they were given (0.9099999…), which must not flip the band. */
export const isReadable = (zoom: number): boolean => zoom >= READABLE_ZOOM - 1e-6
export const FAR_BELOW = 0.35
export const TINY_BELOW = 0.18

export const zoomBand = (zoom: number): ZoomBand =>
  zoom < TINY_BELOW ? 'tiny' : zoom < FAR_BELOW ? 'far' : isReadable(zoom) ? 'near' : 'compact'

/** Cards are interactive (React Flow's handles, React Flow's edges, rendered in view only above VIRTUALISE_ABOVE)
 *  in the near and compact bands; the two differ only in what a card draws inside its box. */
export const detailed = (band: ZoomBand): boolean => band === 'near' || band === 'compact'

export const selectZoomBand = (s: ReactFlowState): ZoomBand => zoomBand(s.transform[2])

/** The band, for the cards: a context changes only when the band does, so a pan within a band touches no card. */
export const ZoomBandContext = createContext<ZoomBand>('near')
