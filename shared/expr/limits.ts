// Bounds that turn hostile or accidental input into a clear diagnostic instead of a hang or a stack overflow.
import { JSON_MAX_DEPTH } from '../json/bounds'

/** Longest template accepted, in UTF-16 code units. A channel message is at most 4096 characters; request bodies more. */
export const MAX_TEMPLATE_LENGTH = 200_000

/** Most placeholders in one template: far more than any message needs, and each is parsed and compiled. */
export const MAX_PLACEHOLDERS = 5_000

/** Deepest expression tree: parentheses, unary operators, calls and operator chains all count. */
export const MAX_DEPTH = 200

/** Largest relaxed-JSON sample response accepted, in characters. */
export const MAX_JSON_LENGTH = 5_000_000

/**
 * Deepest nesting of lists and objects in a relaxed-JSON sample or emulator variable. The back end refuses JSON
 * nested past JSON_MAX_DEPTH (64) anywhere in a request, and a sample travels four levels down (a save's
 * `document.samples.<node>`, an emulator preset's `variables.<name>` is less): refused here, where the person is
 * typing it, rather than as a failed save.
 */
export const MAX_JSON_DEPTH = JSON_MAX_DEPTH - 4
