// Bounds that turn hostile or accidental input into a clear diagnostic instead of a hang or a stack overflow.

/** Longest template accepted, in UTF-16 code units. A channel message is at most 4096 characters; request bodies more. */
export const MAX_TEMPLATE_LENGTH = 200_000

/** Most placeholders in one template: far more than any message needs, and each is parsed and compiled. */
export const MAX_PLACEHOLDERS = 5_000

/** Deepest expression tree: parentheses, unary operators, calls and operator chains all count. */
export const MAX_DEPTH = 200

/** Largest relaxed-JSON sample response accepted, in characters. */
export const MAX_JSON_LENGTH = 5_000_000

/** Deepest nesting of lists and objects in a relaxed-JSON sample: deeper values would overflow the stack of the
 * code that walks them (JSON.stringify, the Response tab's tree), though json5 itself parses them. */
export const MAX_JSON_DEPTH = 200
