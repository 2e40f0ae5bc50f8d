// Bounds the engine enforces, in one place so docs/engine.md and the tests quote the same numbers.

/** Nodes one step may execute before the run fails as a loop (a step ends when the run waits for the customer). */
export const MAX_NODES_PER_STEP = 200

/** The channel's customer service window: a paused run nobody answered within it expires. */
export const WINDOW_MS = 24 * 60 * 60 * 1000

/**
 * Calls one run may have open at once (a Call Flow node calling a flow that calls another…): the root flow is depth 0,
 * so a run holds at most this many frames. One more call fails its node with `call_depth` (docs/engine.md, "Calls").
 */
export const MAX_CALL_DEPTH = 8
