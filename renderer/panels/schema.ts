import { z } from 'zod'

// Panels are drawn from each node type's zod config schema, through its JSON Schema: one description of the
// config serves validation, export and the form, so a field added to a definition appears in its panel.

export interface JsonSchema {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  description?: string
  title?: string
  minimum?: number
  maximum?: number
  default?: unknown
}

const cache = new WeakMap<z.ZodType, JsonSchema>()

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  let js = cache.get(schema)
  if (!js) {
    js = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
    cache.set(schema, js)
  }
  return js
}

/** The non-null branch of a nullable schema, so `string | null` edits as a string. */
export function unwrapNullable(s: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  const branches = s.anyOf ?? s.oneOf
  // zod writes a nullable primitive as one schema with `type: ["number", "null"]`.
  if (!branches) return { schema: s, nullable: Array.isArray(s.type) && s.type.includes('null') }
  const nonNull = branches.filter((b) => b.type !== 'null')
  if (nonNull.length === 1 && nonNull[0]) return { schema: nonNull[0], nullable: nonNull.length < branches.length }
  return { schema: s, nullable: false }
}

export function kindOf(s: JsonSchema): 'enum' | 'string' | 'number' | 'boolean' | 'array' | 'object' | 'json' {
  if (s.enum) return 'enum'
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type
  if (t === 'string') return 'string'
  if (t === 'number' || t === 'integer') return 'number'
  if (t === 'boolean') return 'boolean'
  if (t === 'array') return 'array'
  if (t === 'object' && s.properties) return 'object'
  return 'json'
}

/** A new, empty value of a schema: what "Add" puts at the end of a list. */
export function emptyValue(s: JsonSchema): unknown {
  const { schema, nullable } = unwrapNullable(s)
  if (schema.default !== undefined) return structuredClone(schema.default)
  switch (kindOf(schema)) {
    case 'enum':
      return schema.enum?.[0]
    case 'string':
      return ''
    case 'number':
      return schema.minimum ?? 0
    case 'boolean':
      return false
    case 'array':
      return []
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, emptyValue(v)]))
    default:
      return nullable ? null : {}
  }
}

const WORDS: Record<string, string> = {
  url: 'URL',
  id: 'ID',
  ms: '(ms)',
  api: 'API',
  json: 'JSON',
  spm: 'SPM',
  mpm: 'MPM',
}

/** 'mediaUrl' → 'Media URL', 'timeoutMs' → 'Timeout (ms)', 'save_to' → 'Save to'. */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
    .split(' ')
    .filter(Boolean)
    .map((w) => WORDS[w] ?? w)
  const text = words.join(' ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** 'Buttons' → 'Button', 'Query' stays: the label of one item of a list. */
export function singular(label: string): string {
  if (/ies$/.test(label)) return label.replace(/ies$/, 'y')
  if (/(ss|us)$/.test(label)) return label
  return label.replace(/s$/, '')
}
