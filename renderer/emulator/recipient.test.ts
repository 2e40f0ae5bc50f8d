import { describe, expect, it } from 'vitest'
import { recipientLabel } from './recipient'

describe('recipientLabel', () => {
  it.each([
    [{ name: 'Test Customer', phone: '+15550100' }, 'to Test Customer +15550100'],
    [{ name: '+1 555 0100', phone: '+15550100' }, 'to +15550100'],
    [{ name: '15550100', phone: '+15550100' }, 'to +15550100'],
    [{ name: '', phone: '+15550100' }, 'to +15550100'],
    [{ name: 'Ana', phone: '' }, 'to Ana'],
    [null, ''],
  ])('%j → %s', (contact, label) => {
    expect(recipientLabel(contact)).toBe(label)
  })
})
