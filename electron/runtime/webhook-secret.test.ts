// Issue 39, item 2: the runtime's webhook secrets on both stores. A secret is answered only by the call that makes
// it (only its digest is kept); the check accepts the current key and refuses a wrong, an old or another flow's one.
import { expect, it } from 'vitest'
import { describeEachStore } from './testing/stores'

describeEachStore('webhook secrets kept as digests', (c) => {
  it('answers a secret once, verifies it and rotates it', async () => {
    const { store } = await c.open()
    try {
      const made = await store.ensureSecret('flw_a', false)
      expect(made).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
      expect(await store.ensureSecret('flw_a', false)).toBeNull()
      expect(await store.verifySecret('flw_a', made!)).toBe(true)
      expect(await store.verifySecret('flw_a', `${made!.slice(0, -1)}${made!.endsWith('x') ? 'y' : 'x'}`)).toBe(false)
      expect(await store.verifySecret('flw_a', '')).toBe(false)
      expect(await store.verifySecret('flw_other', made!)).toBe(false)
      const rotated = await store.ensureSecret('flw_a', true)
      expect(rotated).toMatch(/^whsec_/)
      expect(rotated).not.toBe(made)
      expect(await store.verifySecret('flw_a', made!)).toBe(false)
      expect(await store.verifySecret('flw_a', rotated!)).toBe(true)
      // A flow without a secret can be given one by rotate too.
      expect(await store.verifySecret('flw_b', (await store.ensureSecret('flw_b', true))!)).toBe(true)
    } finally {
      await store.close()
    }
  })
})
