import { create } from 'zustand'
import { EMPTY_OVERLAY, type CanvasOverlay } from './overlay'

// The canvas reads the emulator's path and coverage from here (and only here): a small store so the canvas does
// not depend on the emulator's components. `visible` is false while the emulator is closed.
export interface OverlayStore extends CanvasOverlay {
  visible: boolean
  /** Open state of the emulator panel, shared by the Test button and the panel. */
  open: boolean
  setOverlay(o: CanvasOverlay): void
  setVisible(v: boolean): void
  toggleOpen(): void
}

export const useOverlayStore = create<OverlayStore>((set) => ({
  ...EMPTY_OVERLAY,
  visible: false,
  open: false,
  setOverlay: (o) => set(o),
  setVisible: (visible) => set({ visible }),
  toggleOpen: () => set((s) => ({ open: !s.open })),
}))
