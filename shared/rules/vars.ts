// Session variables built from dotted paths, the way the engine would hold them ({{a.b}} reads vars.a.b).
import type { Vars } from '../expr'

/** `withPath('order.status', 'shipped')` → `{ order: { status: 'shipped' } }`. */
export function withPath(path: string, value: unknown): Vars {
  return setPath({}, path, value)
}

/** Sets `path` inside `vars` (a copy along the path; the rest is shared), creating objects where needed. */
export function setPath(vars: Vars, path: string, value: unknown): Vars {
  const [head, ...rest] = path.split('.')
  if (rest.length === 0) return { ...vars, [head!]: value }
  const inner = vars[head!]
  const base =
    inner !== null && typeof inner === 'object' ? (Array.isArray(inner) ? Object.assign({}, inner) : inner) : {}
  return { ...vars, [head!]: setPath(base as Vars, rest.join('.'), value) }
}
