// Bounds the engine enforces, in one place so docs/engine.md and the tests quote the same numbers.

/** Nodes one step may execute before the run fails as a loop (a step ends when the run waits for the customer). */
export const MAX_NODES_PER_STEP = 200

/** The channel's customer service window: a paused run nobody answered within it expires. */
export const WINDOW_MS = 24 * 60 * 60 * 1000
