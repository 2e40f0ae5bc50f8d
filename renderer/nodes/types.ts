import type { FieldHints } from '../panels/SchemaFields'

/** The renderer's part of a node type: its card icon and how its panel lays out the definition's config fields.
 *  The fields themselves come from the definition's config schema (shared/nodes/<type>/definition.ts). */
export interface NodeUi {
  icon: string
  panel: FieldHints
}

type Config = Record<string, unknown>
/** Pointers to hide unless `when` holds, e.g. list fields while in buttons mode. */
export function onlyWhen(when: boolean, ...pointers: string[]): string[] {
  return when ? [] : pointers
}
export const str = (c: Config, key: string) => String(c[key] ?? '')
export const sub = (c: Config, key: string): Config => (c[key] ?? {}) as Config
