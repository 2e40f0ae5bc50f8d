import { describe, expect, it } from 'vitest'
import { hrefFor, parseRoute } from './route'

describe('hash routes', () => {
  it.each([
    ['', { screen: 'flows' }],
    ['#/flows', { screen: 'flows' }],
    ['#/nowhere', { screen: 'flows' }],
    ['#/flows/flw_1', { screen: 'editor', flowId: 'flw_1' }],
    ['#/flows/a%20b/extra', { screen: 'editor', flowId: 'a b' }],
    ['#/flows/flw_1/logs', { screen: 'logs', flowId: 'flw_1' }],
    ['#/flows/flw_1/logs/run_9', { screen: 'logs', flowId: 'flw_1', runId: 'run_9' }],
    ['#/templates', { screen: 'templates' }],
    ['#/catalog', { screen: 'catalog' }],
    ['#/settings', { screen: 'settings' }],
    ['#/broadcasts', { screen: 'broadcasts' }],
    ['#/broadcasts/', { screen: 'broadcasts' }],
    ['#/broadcasts/brd_1', { screen: 'broadcasts', broadcastId: 'brd_1' }],
    ['#/broadcastsx', { screen: 'flows' }],
  ])('%s', (hash, route) => {
    expect(parseRoute(hash)).toEqual(route)
  })

  it('round-trips a broadcast route', () => {
    const route = { screen: 'broadcasts', broadcastId: 'brd/odd id' } as const
    expect(parseRoute(hrefFor(route))).toEqual(route)
  })

  it('round-trips editor routes', () => {
    const route = { screen: 'editor', flowId: 'flw/odd id' } as const
    expect(parseRoute(hrefFor(route))).toEqual(route)
  })
})
