// A small JSON Schema check for the subset the model prompts use (shared/nlu: an intent as an enum, slots as an
// object of typed properties): type (one or a list), enum, const, properties, required, additionalProperties,
// items, minItems/maxItems, minimum/maximum, minLength/maxLength, pattern, anyOf/oneOf. A model's answer is checked
// against the very schema it was asked with, wherever the check runs (studio, runtime, the replay of a recording),
// so a keyword this file does not know is refused when the schema is read rather than silently ignored.

export interface SchemaProblem {
  /** JSON pointer of the value that fails ('' for the whole answer). */
  path: string
  message: string
}

const KNOWN = new Set([
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'anyOf',
  'oneOf',
  // Annotations: they say what a value means and constrain nothing.
  'title',
  'description',
  'default',
  'examples',
  '$schema',
])

type Schema = Record<string, unknown>

/** The first way `value` breaks `schema`, or null when it satisfies it. */
export function checkAgainstSchema(value: unknown, schema: Schema, path = ''): SchemaProblem | null {
  const unknown = Object.keys(schema).find((k) => !KNOWN.has(k))
  if (unknown) return { path, message: `the schema uses "${unknown}", which this check does not support` }
  const problem = (message: string): SchemaProblem => ({ path, message })
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string]
    if (!types.some((t) => isType(value, t))) return problem(`expected ${types.join(' or ')}, got ${typeName(value)}`)
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((v) => sameJson(v, value)))
    return problem(`expected one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}, got ${show(value)}`)
  if ('const' in schema && !sameJson(schema.const, value))
    return problem(`expected ${JSON.stringify(schema.const)}, got ${show(value)}`)
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) return problem(`below ${schema.minimum}`)
    if (typeof schema.maximum === 'number' && value > schema.maximum) return problem(`above ${schema.maximum}`)
  }
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && value.length < schema.minLength)
      return problem(`shorter than ${schema.minLength} characters`)
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength)
      return problem(`longer than ${schema.maxLength} characters`)
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value))
      return problem(`does not match the pattern ${schema.pattern}`)
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems)
      return problem(`fewer than ${schema.minItems} items`)
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems)
      return problem(`more than ${schema.maxItems} items`)
    if (isSchema(schema.items))
      for (const [i, item] of value.entries()) {
        const inner = checkAgainstSchema(item, schema.items, `${path}/${i}`)
        if (inner) return inner
      }
  }
  if (isObject(value)) {
    const props = isSchema(schema.properties) ? (schema.properties as Record<string, Schema>) : {}
    for (const name of Array.isArray(schema.required) ? (schema.required as string[]) : [])
      if (!Object.hasOwn(value, name)) return problem(`"${name}" is required`)
    for (const [name, v] of Object.entries(value)) {
      const at = `${path}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`
      if (Object.hasOwn(props, name)) {
        const inner = checkAgainstSchema(v, props[name]!, at)
        if (inner) return inner
      } else if (schema.additionalProperties === false) {
        return problem(`"${name}" is not allowed`)
      } else if (isSchema(schema.additionalProperties)) {
        const inner = checkAgainstSchema(v, schema.additionalProperties, at)
        if (inner) return inner
      }
    }
  }
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some((s) => !checkAgainstSchema(value, s as Schema, path)))
    return problem('matches none of the allowed shapes')
  if (Array.isArray(schema.oneOf)) {
    const matches = schema.oneOf.filter((s) => !checkAgainstSchema(value, s as Schema, path)).length
    if (matches !== 1) return problem(matches ? 'matches more than one allowed shape' : 'matches none of the shapes')
  }
  return null
}

function isSchema(v: unknown): v is Schema {
  return isObject(v)
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function isType(value: unknown, type: string): boolean {
  switch (type) {
    case 'object':
      return isObject(value)
    case 'array':
      return Array.isArray(value)
    case 'string':
      return typeof value === 'string'
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value)
    case 'boolean':
      return typeof value === 'boolean'
    case 'null':
      return value === null
    default:
      return false
  }
}

function typeName(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}

function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b)
}

/** JSON with object keys sorted, so two equal values give the same text whatever their key order (recording keys). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .filter((k) => value[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`)
      .join(',')}}`
  return JSON.stringify(value) ?? 'null'
}
