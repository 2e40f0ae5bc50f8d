// The preview says when the emulator session's values could not be read, instead of looking as if no session were
// open (issue 23: failed results never vanish in the UI).
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Preview } from './Preview'

const props = {
  text: 'Hi {{customer_name}}',
  samples: {},
  source: 'session' as const,
  onSource() {},
  tests: {},
  onTest() {},
}

describe('expression preview', () => {
  it('says why the session values could not be read, and previews from the samples', () => {
    const html = renderToStaticMarkup(
      createElement(Preview, { ...props, session: null, sessionError: 'The studio is not running.' }),
    )
    expect(html).toContain('role="alert"')
    expect(html).toContain('could not be read (The studio is not running.)')
    expect(html).not.toContain('From the emulator session')
  })

  it('shows no alert when the session was read', () => {
    const html = renderToStaticMarkup(
      createElement(Preview, { ...props, session: { customer_name: 'Asha' }, sessionError: null }),
    )
    expect(html).not.toContain('role="alert"')
    expect(html).toContain('Hi Asha')
  })
})
