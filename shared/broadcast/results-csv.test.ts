import { describe, expect, it } from 'vitest'
import { resultsCsv } from './results-csv'
import { readContactsCsv } from './contacts-csv'

describe('resultsCsv', () => {
  it('writes one row per recipient with its status and reason, quoting where needed and defusing formulas', () => {
    const text = resultsCsv([
      {
        seq: 1,
        phone: '+447700900123',
        name: 'Ann, "A"',
        state: 'sent',
        reason: null,
        runId: 'run_1',
        cost: 3,
        templates: ['promo', 'order_update'],
        dueAt: 0,
        updatedAt: Date.UTC(2026, 10, 29, 10),
      },
      {
        seq: 2,
        phone: '+447700900124',
        name: '=HYPERLINK("x")',
        state: 'blocked',
        reason: { code: 'opted_out', message: 'Bob has opted out.' },
        runId: null,
        cost: 0,
        templates: [],
        dueAt: 0,
        updatedAt: Date.UTC(2026, 10, 29, 10),
      },
    ])
    expect(text.split('\r\n')).toEqual([
      '\uFEFFphone,name,status,reason_code,reason,run_id,cost,templates,at',
      '+447700900123,"Ann, ""A""",succeeded,,,run_1,3,"promo;order_update",2026-11-29T10:00:00.000Z',
      `+447700900124,"'=HYPERLINK(""x"")",blocked,opted_out,Bob has opted out.,,0,,2026-11-29T10:00:00.000Z`,
      '',
    ])
    // It reads back as a contacts CSV (a results file can be the next broadcast's audience).
    expect(readContactsCsv(text).contacts.map((c) => c.phone)).toEqual(['+447700900123', '+447700900124'])
  })
})
