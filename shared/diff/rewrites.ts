import { findVariableRefs } from '../expr'
import { isObject, sameJson } from './json'

// Renaming a node rewrites every {{old…}} that reads it (shared/analysis/rename.ts). In a comparison those rewrites
// belong to the rename: a node whose config differs only by them is grouped under the renamed node. The test is
// direct: apply every rename of the comparison to the node's old config and see whether the new config results.
// All renames are applied at once, so two nodes that swapped names rewrite correctly.

/** Which renamed node's rename explains every difference between two configs, or null. */
export function rewrittenBy(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  renames: ReadonlyMap<string, { to: string; id: string }>,
): string | null {
  const used: string[] = []
  const rewritten = rewrite(before, renames, used)
  return used.length && sameJson(rewritten, after) ? used[0]! : null
}

function rewrite(value: unknown, renames: ReadonlyMap<string, { to: string; id: string }>, used: string[]): unknown {
  if (typeof value === 'string') return value.includes('{{') ? rewriteText(value, renames, used) : value
  if (Array.isArray(value)) return value.map((v) => rewrite(v, renames, used))
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewrite(v, renames, used)]))
  return value
}

function rewriteText(text: string, renames: ReadonlyMap<string, { to: string; id: string }>, used: string[]): string {
  let out = ''
  let at = 0
  let replaced = false
  for (const ref of findVariableRefs(text)) {
    const root = ref.path[0]
    const rename = root === undefined ? undefined : renames.get(root)
    if (!rename || text.slice(ref.start, ref.start + root!.length) !== root) continue
    out += text.slice(at, ref.start) + rename.to
    at = ref.start + root!.length
    replaced = true
    if (!used.includes(rename.id)) used.push(rename.id)
  }
  return replaced ? out + text.slice(at) : text
}
