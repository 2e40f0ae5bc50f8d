import type { NodeRunner } from '../../engine/runner'
import type { RouterConfig } from './definition'

// Routes are checked in order; the first whose rules hold is taken, else 'else'. A route with no rules never matches,
// so an unfinished route cannot swallow every run.
export const routerRunner: NodeRunner<RouterConfig> = {
  run({ config, rules }) {
    const route = config.routes.find((r) => r.rules.length > 0 && rules(r.rules, r.join))
    return route
      ? { kind: 'next', port: route.id, output: { route: route.id, name: route.name } }
      : { kind: 'next', port: 'else', output: { route: 'else', name: 'Else' } }
  },
}
