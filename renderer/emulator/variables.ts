// Groups a run's variables by their source (docs/engine.md, Session variables).
const SYSTEM = new Set(['customer_name', 'customer_phone', 'initial_message', 'chat_message_id'])
const INTERACTION = /^(_last_|button_id$|row_id$)/

export interface VariableGroup {
  title: string
  entries: Array<[string, unknown]>
}

export function groupVariables(
  vars: Record<string, unknown>,
  triggerNames: string[],
  nodeNames: string[] = [],
): VariableGroup[] {
  const groups: VariableGroup[] = [
    { title: 'System', entries: [] },
    { title: 'Trigger', entries: [] },
    { title: 'Last interaction', entries: [] },
    { title: 'Node outputs', entries: [] },
    { title: 'Answers and other variables', entries: [] },
  ]
  const triggers = new Set(triggerNames)
  const nodes = new Set(nodeNames)
  for (const [name, value] of Object.entries(vars).sort(([a], [b]) => a.localeCompare(b))) {
    const g = SYSTEM.has(name) ? 0 : triggers.has(name) ? 1 : INTERACTION.test(name) ? 2 : nodes.has(name) ? 3 : 4
    groups[g]!.entries.push([name, value])
  }
  return groups
}
