import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { SaveTestDialog, suggestedName } from './SaveTestDialog'

// The dialog's defaults: a server's run is masked (its name leaves the contact out), a studio run is not; Scripts
// replay by default. The saving itself and its errors are driven in test/e2e/run-to-test*.spec.ts.

const run = {
  id: 'run_1',
  contact: { id: 'c', name: 'Asha Verma', phone: '+919812345678' },
  startedAt: Date.UTC(2026, 2, 4, 10, 5),
}
const none = { onSaved() {}, onClose() {} }

describe('SaveTestDialog', () => {
  it('masks a server’s run by default and names it without the contact', () => {
    const html = renderToStaticMarkup(<SaveTestDialog run={run} serverId="srv_1" serverName="Production" {...none} />)
    expect(html).toMatch(/<input type="checkbox" checked=""\/>Mask personal data/)
    expect(html).toContain('value="Run of 2026-03-04 10:05"')
    expect(html).toContain('from Production')
    expect(html).not.toContain('Asha')
    expect(html).toMatch(/<input type="radio" name="scripts" checked=""\/>Replay what they returned/)
  })

  it('leaves a studio run unmasked, named by its contact', () => {
    const html = renderToStaticMarkup(<SaveTestDialog run={run} serverId={null} {...none} />)
    expect(html).toMatch(/<input type="checkbox"\/>Mask personal data/)
    expect(html).toContain('value="Asha Verma, 2026-03-04 10:05"')
    expect(suggestedName({ ...run, contact: { ...run.contact, name: '' } }, false)).toBe(
      '+919812345678, 2026-03-04 10:05',
    )
  })
})
