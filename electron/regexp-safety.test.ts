// Issue 18: a Question's answer pattern with nested repetition froze the process on a customer's answer (V8
// backtracks exponentially: 10 s at 27 characters, hours at 40). Every host turns on V8's linear-time fallback first.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import './regexp-safety'
import { parseRegex } from '../shared/nodes/question/answers/simple'

it('checks an answer against a catastrophic pattern at once (without the fallback this test runs for hours)', () => {
  for (const pattern of ['(a+)+', '(\\w+\\s?)*', '(a|aa)*', '([a-z]+)*@x'])
    expect(parseRegex('a'.repeat(40) + '!', pattern), pattern).toMatchObject({ ok: false, code: 'no_match' })
  expect(parseRegex('a'.repeat(40), '(a+)+')).toMatchObject({ ok: true })
})

it('is the first import of every host, so it runs before any pattern is compiled', () => {
  const root = path.dirname(fileURLToPath(import.meta.url))
  for (const entry of ['cli/index.ts', 'web/index.ts', 'main/index.ts']) {
    const firstImport = fs
      .readFileSync(path.join(root, entry), 'utf8')
      .split('\n')
      .find((l) => l.startsWith('import '))
    expect(firstImport, entry).toMatch(/^import '\.\.\/regexp-safety'/)
  }
})
