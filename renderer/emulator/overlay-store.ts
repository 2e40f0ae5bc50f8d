import { create } from 'zustand'
import { EMPTY_OVERLAY, sameOverlay, type CanvasOverlay } from './overlay'

// The canvas reads the emulator's path and coverage from here (and only here): a small store so the canvas does
// not depend on the emulator's components. `visible` is true while the emulator is open (or a logged run is shown);
// with `keep` on, the last overlay stays on the canvas after the emulator closes.

/** localStorage key of the "keep coverage on the canvas" toggle; read by the canvas benchmark too. */
export const KEEP_COVERAGE_KEY = 'chatflow.keepCoverage'

export interface OverlayStore extends CanvasOverlay {
  /** The overlay last set, as one object: what the canvas draws (shownOverlay). Switching `visible`, `keep` or `open`
   *  keeps it, and an overlay equal to it (a coverage refresh after a step that changed nothing on the canvas) is not
   *  set again, so the canvas decorates its 500 cards and redraws its minimap only when what it shows changed. */
  overlay: CanvasOverlay
  visible: boolean
  keep: boolean
  /** Open state of the emulator panel, shared by the Test button and the panel. */
  open: boolean
  setOverlay(o: CanvasOverlay): void
  setVisible(v: boolean): void
  setKeep(keep: boolean): void
  toggleOpen(): void
}

function storedKeep(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEEP_COVERAGE_KEY) === '1'
  } catch {
    return false
  }
}

export const useOverlayStore = create<OverlayStore>((set) => ({
  ...EMPTY_OVERLAY,
  overlay: EMPTY_OVERLAY,
  visible: false,
  keep: storedKeep(),
  open: false,
  setOverlay: (o) => set((s) => (sameOverlay(s.overlay, o) ? s : { ...o, overlay: o })),
  setVisible: (visible) => set((s) => (s.visible === visible ? s : { visible })),
  setKeep: (keep) => {
    try {
      globalThis.localStorage?.setItem(KEEP_COVERAGE_KEY, keep ? '1' : '0')
    } catch {
      // A storage that refuses (private mode) only loses the setting, not the toggle.
    }
    set({ keep })
  },
  toggleOpen: () => set((s) => ({ open: !s.open })),
}))

/** The overlay the canvas of `flowId` draws now, or null. */
export function shownOverlay(s: OverlayStore, flowId: string): CanvasOverlay | null {
  if (s.overlay.flowId !== flowId) return null
  return s.visible || s.keep ? s.overlay : null
}
