// Bounds that turn hostile or accidental input into a clear diagnostic instead of a hang or a stack overflow.

/** Longest template accepted, in UTF-16 code units. A channel message is at most 4096 characters; request bodies more. */
export const MAX_TEMPLATE_LENGTH = 200_000

/** Deepest expression tree: parentheses, unary operators, calls and operator chains all count. */
export const MAX_DEPTH = 200

/** Largest relaxed-JSON sample response accepted, in characters. */
export const MAX_JSON_LENGTH = 5_000_000
