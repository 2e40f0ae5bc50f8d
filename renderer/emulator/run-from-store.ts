import { create } from 'zustand'

// "Run from here" on a card's menu (the canvas) asks the emulator's debug panel to run from that node: a small store
// so the canvas does not depend on the emulator's components, as overlay-store.ts does for the path.

export interface RunFromRequest {
  /** The node to run from, asked for and not yet handled by the debug panel. */
  nodeId: string | null
  /** Bumped on every request, so asking twice for one node opens it twice. */
  seq: number
  request(nodeId: string): void
  clear(): void
}

export const useRunFromStore = create<RunFromRequest>((set) => ({
  nodeId: null,
  seq: 0,
  request: (nodeId) => set((s) => ({ nodeId, seq: s.seq + 1 })),
  clear: () => set({ nodeId: null }),
}))
