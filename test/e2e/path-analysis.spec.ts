// Issue 21's static path analysis as a flow designer meets it: one flow with each kind of path problem, and the
// Problems panel names each with its path or its reason; clicking one opens the node it is about.
import { test, expect } from './fixtures'
import { apiCall } from './emulator-helpers'
import { PATH_PROBE_PROBLEMS, pathProbeFlow } from '../../shared/analysis/testing/path-probe'

test('the Problems panel names each path problem: a path that skips a variable, dead branches, a node no trigger reaches, a dead end', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: 'Path probe' })
  await apiCall(page, 'flows.save', { document: pathProbeFlow(created.id), expectedRevision: created.revision })
  await studio.open(page, `#/flows/${created.id}`)
  const problems = page.getByRole('region', { name: 'Problems' })
  for (const text of PATH_PROBE_PROBLEMS) await expect(problems).toContainText(text)

  // The warning leads to the route it is about.
  await problems.getByRole('button', { name: /can never take 'Paris'/ }).click()
  await expect(page.locator('aside.node-panel')).toContainText('by_city')
})
