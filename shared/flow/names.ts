// Node names (spec: Node). Expressions read node outputs through names, so they follow the variable-name rule.
export const NODE_NAME_MAX = 50
const NAME_RE = /^[A-Za-z0-9_]*$/

export type NameProblem = {
  code: 'name.empty' | 'name.chars' | 'name.digit' | 'name.length' | 'name.duplicate'
  message: string
}

/** Checks one name against the naming rules (docs/flow-format.md, Validation); `others` are the names of the other nodes in the flow. */
export function checkNodeName(name: string, others: Iterable<string> = []): NameProblem | null {
  if (name === '') return { code: 'name.empty', message: 'A node needs a name.' }
  if (!NAME_RE.test(name)) {
    const bad = [...name].find((ch) => !/[A-Za-z0-9_]/.test(ch))
    const what = bad === ' ' ? 'a space' : `'${bad}'`
    return { code: 'name.chars', message: `Name '${name}' contains ${what}; use only letters, digits and underscore.` }
  }
  if (/^[0-9]/.test(name))
    return { code: 'name.digit', message: `Name '${name}' starts with a digit; start with a letter or underscore.` }
  if (name.length > NODE_NAME_MAX)
    return {
      code: 'name.length',
      message: `Name '${name.slice(0, 20)}…' has ${name.length} characters; at most ${NODE_NAME_MAX} are allowed.`,
    }
  for (const o of others)
    if (o === name) return { code: 'name.duplicate', message: `Another node is already named '${name}'.` }
  return null
}

export const isValidNodeName = (name: string) => checkNodeName(name) === null

/**
 * `<prefix><n>` with the smallest n ≥ 1 that no node uses yet (spec: default names per type). The prefix is the node
 * type's (shared/nodes/node-types.ts nextNodeName): the model knows no node type.
 */
export function nextNameWithPrefix(prefix: string, taken: Iterable<string>): string {
  const used = new Set(taken)
  for (let n = 1; ; n++) if (!used.has(prefix + n)) return prefix + n
}
