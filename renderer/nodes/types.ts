import { UNARY_OPERATORS, type ConditionOperator } from '../../shared/expr/conditions'
import type { NodeType } from '../../shared/nodes/node-types'
import type { ComponentType } from 'react'
import type { LucideIcon } from 'lucide-react'
import type { FieldHints } from '../panels/SchemaFields'

/** The renderer's part of a node type: its card icon and how its panel lays out the definition's config fields.
 *  The fields themselves come from the type's config schema (shared/nodes/<type>/). */
export interface NodeUi<T extends NodeType = NodeType> {
  type: T
  /** Drawn white on the category colour. An SVG shipped with the app (lucide-react), never a glyph of a font the
   *  machine may lack. */
  icon: LucideIcon
  panel: FieldHints
  /** Buttons shown in the panel under the node's name (HTTP Call's Test request), for actions beyond editing fields. */
  actions?: ComponentType<{ nodeId: string }>
  /** Shown under the fields: what the settings mean in practice (a Question's accepted and refused answers). */
  details?: ComponentType<{ nodeId: string }>
}

type Config = Record<string, unknown>
/** Pointers to hide unless `when` holds, e.g. list fields while in buttons mode. */
export function onlyWhen(when: boolean, ...pointers: string[]): string[] {
  return when ? [] : pointers
}
export const str = (c: Config, key: string) => String(c[key] ?? '')
export const sub = (c: Config, key: string): Config => (c[key] ?? {}) as Config

/** 'is empty' and 'is not empty' compare with nothing: their rules hide the right-hand value. */
export function unaryRights(rules: unknown, base: string): string[] {
  if (!Array.isArray(rules)) return []
  return rules.flatMap((r, i) =>
    UNARY_OPERATORS.has((r as { operator?: ConditionOperator })?.operator as ConditionOperator)
      ? [`${base}/${i}/right`]
      : [],
  )
}
