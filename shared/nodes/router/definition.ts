import { z } from 'zod'
import type { NodeDefinition, Problem, ValidateContext } from '../types'
import { duplicates, error, requireText } from '../../flow/checks'
import { plural } from '../../flow/summary'
import { ConditionRuleSchema, JoinSchema, ruleTextFields, validateRules } from '../condition/definition-rules'

export const RouteSchema = z.object({
  id: z.string().default('').describe("Stable route id, also its output port id ('else' is reserved)."),
  name: z.string().default('').describe('Route name shown on the card and the port.'),
  join: JoinSchema,
  rules: z.array(ConditionRuleSchema).default([]).describe('At least one rule per route.'),
})
export const RouterConfigSchema = z.object({
  routes: z
    .array(RouteSchema)
    .default([])
    .describe('Checked in order; the first route whose rules hold is taken, otherwise else.'),
})
export type RouterConfig = z.infer<typeof RouterConfigSchema>

function validate(c: RouterConfig, ctx: ValidateContext): Problem[] {
  const out: Problem[] = []
  if (c.routes.length === 0)
    out.push(error(ctx, 'config.required', 'A router needs at least one route besides else.', '/routes'))
  const dupIds = duplicates(c.routes.map((r) => r.id))
  const dupNames = duplicates(c.routes.map((r) => r.name.trim()))
  c.routes.forEach((r, i) => {
    const at = `/routes/${i}`
    const what = `Route ${r.name || i + 1}`
    out.push(...requireText(ctx, `${at}/id`, r.id, `${what} id`))
    if (r.id === 'else')
      out.push(error(ctx, 'config.route_id', "Route id 'else' is reserved for the else path.", `${at}/id`))
    else if (dupIds.has(r.id) && r.id)
      out.push(error(ctx, 'config.duplicate_id', `Route id '${r.id}' is used twice.`, `${at}/id`))
    out.push(...requireText(ctx, `${at}/name`, r.name, `Route ${i + 1} name`))
    if (dupNames.has(r.name.trim()) && r.name.trim())
      out.push(error(ctx, 'config.duplicate_name', `Route name '${r.name}' is used twice.`, `${at}/name`))
    out.push(...validateRules(r.rules, `${at}/rules`, what, ctx))
  })
  return out
}

export const routerDefinition: NodeDefinition<RouterConfig> = {
  label: 'Router',
  description: 'Sends the run down the first route whose rules hold, or else.',
  category: 'logic',
  configSchema: RouterConfigSchema,
  defaults: () => ({
    routes: [{ id: 'route_1', name: 'Route 1', join: 'and', rules: [{ left: '', operator: 'equals', right: '' }] }],
  }),
  ports: (c) => [
    ...c.routes.map((r) => ({ id: r.id, label: r.name || r.id })),
    { id: 'else', label: 'Else', kind: 'else' as const },
  ],
  waits: () => false,
  variables: (_c, name) => [
    { path: `${name}.route`, description: "Id of the route taken ('else' when none matched)", type: 'string' },
    { path: `${name}.name`, description: 'Name of the route taken', type: 'string' },
  ],
  customerTexts: () => [],
  textFields: (c) =>
    c.routes.flatMap((r, i) => ruleTextFields(r.rules, `/routes/${i}/rules`, `Route ${r.name || i + 1}`)),
  validate,
  summary: (c) => `${plural(c.routes.length, 'route')} + else`,
}
