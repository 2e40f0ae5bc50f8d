// The contract's TextUnit (shared/analysis/translations.ts, i35e) as this folder reads it.
// TODO(i35t): import the type from shared/analysis once i35e's model lands.
export interface TextUnitLike {
  id: string
  nodeId: string
  nodeName: string
  nodeType: string
  pointer: string
  label: string
  kind: string
  limit: number | null
  source: string
  translations: Record<string, { text: string; outdated: boolean } | null>
}
