import { describe, expect, it } from 'vitest'
import { problemsOf } from './problems'

describe('problemsOf', () => {
  it('lists rule problems as the back end wrote them', () => {
    const problems = ['The footer has 61 characters; at most 60.', 'The body is required.']
    expect(
      problemsOf({
        code: 'invalid_template',
        message: 'The template cannot be saved',
        issues: problems.map((message) => ({ path: ['template'], message })),
      }),
    ).toEqual(problems)
  })

  it('names the field of a schema issue, below the payload root', () => {
    const error = {
      code: 'bad_request',
      message: 'Invalid request',
      issues: [{ path: ['template', 'buttons', 0, 'url'], message: 'Required' }],
    }
    expect(problemsOf(error)).toEqual(['buttons.0.url: Required'])
  })

  it('falls back to the message when there are no issues', () => {
    expect(problemsOf({ code: 'disconnected', message: 'The studio lost its host.' })).toEqual([
      'The studio lost its host.',
    ])
  })
})
